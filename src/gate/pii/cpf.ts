// Detects Brazilian CPF numbers (Cadastro de Pessoas Físicas): 11 digits whose last two are the mod-11 check
// digits of the first nine, written 000.000.000-00 anywhere, or in any layout after a "CPF" label.
import { labelledValues } from './labelled.ts';
import type { PiiFinding } from './types.ts';

const FORMATTED = /(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])/g;
const LABEL = /(?:cpf|cadastro de pessoas? f[íi]sicas?)(?![\p{L}])/giu;
const LABELLED_VALUE = /^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}(?![\d-])/;

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

/** CPF numbers: formatted ones with valid check digits, and any 11 digits given after a CPF label. */
export function detectCpfs(text: string): PiiFinding[] {
  const findings = labelledValues(text, LABEL, LABELLED_VALUE, 'cpf');
  for (const match of text.matchAll(FORMATTED)) {
    if (!isValidCpf(match[0].replace(/\D/g, ''))) continue;
    if (findings.some((f) => f.start === match.index)) continue;
    findings.push({ class: 'cpf', start: match.index, end: match.index + match[0].length });
  }
  return findings;
}
