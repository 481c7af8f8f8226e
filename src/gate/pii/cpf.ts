// Detects Brazilian CPF numbers (Cadastro de Pessoas Físicas): 11 digits whose last two are the mod-11 check
// digits of the first nine, written 000.000.000-00 anywhere, or in any layout after a "CPF" label: right after it,
// or a few words on ("CPF do titular: 11144477735") when the check digits hold.
import { startsLabel } from '../secrets/match.ts';
import { labelledValues } from './labelled.ts';
import type { PiiFinding } from './types.ts';

const FORMATTED = /(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])/g;
const LABEL = /(?:cpf|cadastro de pessoas? f[íi]sicas?)(?![\p{L}])/giu;
const LABELLED_VALUE = /^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}(?![\d-])/;
// How far past a label a checked number still belongs to it: a short phrase such as "do titular:" or "dela é".
const NEARBY_CHARS = 40;
const LONGEST_LAYOUT = '000.000.000-00'.length;
const ANY_LAYOUT = /(?<![\d.])\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}(?![\d-])/g;

/** True when 11 digits carry valid CPF check digits (and are not one digit repeated, which also passes). */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    if (((sum * 10) % 11) % 10 !== Number(digits[length])) return false;
  }
  return true;
}

/** CPF numbers: formatted ones with valid check digits, any 11 digits given after a CPF label, and checked ones near it. */
export function detectCpfs(text: string): PiiFinding[] {
  const findings = labelledValues(text, LABEL, LABELLED_VALUE, 'cpf', { owner: false });
  const add = (start: number, value: string) => {
    if (!isValidCpf(value.replace(/\D/g, ''))) return;
    if (findings.some((f) => f.start < start + value.length && start < f.end)) return;
    findings.push({ class: 'cpf', start, end: start + value.length });
  };
  for (const match of text.matchAll(FORMATTED)) add(match.index, match[0]);
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index)) continue;
    const from = label.index + label[0].length;
    const near = text.slice(from, from + NEARBY_CHARS + LONGEST_LAYOUT);
    for (const match of near.matchAll(ANY_LAYOUT)) {
      if (match.index <= NEARBY_CHARS) add(from + match.index, match[0]);
    }
  }
  return findings.sort((a, b) => a.start - b.start);
}
