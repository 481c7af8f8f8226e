// Small helpers the secret detectors share: iterate regex matches as findings, and measure a token's entropy.
import type { SecretCode } from '../reason-codes.ts';
import type { SecretFinding } from './types.ts';

/**
 * Findings for every match of a global regex, optionally spanning only one capture group and kept only when
 * `accept` approves the matched token. The regex must carry the `g` flag (and `d` when `group` is given).
 */
export function findAll(
  text: string,
  pattern: RegExp,
  code: SecretCode,
  options: { group?: number; accept?: (token: string, match: RegExpExecArray) => boolean } = {},
): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const match of text.matchAll(pattern)) {
    const group = options.group ?? 0;
    const token = match[group];
    const span: readonly [number, number] | undefined =
      group === 0 ? [match.index, match.index + match[0].length] : match.indices?.[group];
    if (token === undefined || span === undefined) continue;
    if (options.accept && !options.accept(token, match)) continue;
    findings.push({ code, start: span[0], end: span[1] });
  }
  return findings;
}

/** Shannon entropy of a string in bits per character (0 for empty or uniform text). */
export function shannonEntropy(token: string): number {
  if (token.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / token.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** How many of the classes lowercase, uppercase and digit a token uses. */
export function charClasses(token: string): number {
  return Number(/[a-z]/.test(token)) + Number(/[A-Z]/.test(token)) + Number(/[0-9]/.test(token));
}

/**
 * True when a label found at `start` begins a word: "mypassword" is one word, but camelCase "dbPassword"
 * and snake_case "DB_PASSWORD" carry the label as their own part.
 */
export function startsLabel(text: string, start: number): boolean {
  const previous = text[start - 1] ?? '';
  if (!/[A-Za-z]/.test(previous)) return true;
  return /[a-z]/.test(previous) && /[A-Z]/.test(text[start] ?? '');
}
