// Detects a login given as a pair, user then password, after a login label ("Netflix login: jo.reyes /
// Bl4ckC0ffee99", "creds for the NAS: admin / Tr0ub4dor&3", "wifi account = guest, Sunny!Day7"): no password label
// stands before the password, so detectPasswords cannot see it.
import { startsLabel } from './match.ts';
import type { SecretFinding } from './types.ts';

const LABEL =
  /(?:login|logins|log-in|sign-in|credentials|creds|account|username and password|user and password|username\/password|user\/pass|user\/password|benutzerdaten|zugangsdaten|identifiants|credenciales|credenciais|credenziali)(?![\p{L}\p{N}])/giu;
// The label, at most four words naming what it is for ("for the staging box"), then a colon, an equals sign or "is".
const SEPARATOR = /^(?:\s+[^\s:：=/]+){0,4}?(?:\s*[:：=]\s*|\s+(?:is|are)\s+)/iu;
// A user name or e-mail address, then a slash, a bar, a comma or a colon between it and the password.
const PAIR = /^([\p{L}\p{N}._%+@-]{2,64})\s*(?:\/|\||,|:)\s*([^\s,;]{6,64})/u;

/** A password-shaped token: letters with digits or symbols, not a time, a path or a URL. */
function looksLikePassword(token: string): boolean {
  const value = token.replace(/[.)]+$/, '');
  if (value.length < 6 || !/\p{L}/u.test(value)) return false;
  if (!/\p{N}/u.test(value) && !/[!@#$%^&*+=~?_-]/.test(value)) return false;
  return !/^\d{1,2}[:.]\d{2}/.test(value) && !/^(?:https?:|www\.|\/)/i.test(value);
}

/** Passwords given in a user / password pair after a login label. */
export function detectCredentialPairs(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index)) continue;
    const labelEnd = label.index + label[0].length;
    const tail = text.slice(labelEnd, labelEnd + 200);
    const separator = SEPARATOR.exec(tail);
    if (!separator) continue;
    const pair = PAIR.exec(tail.slice(separator[0].length));
    const password = pair?.[2];
    if (!pair || password === undefined || !looksLikePassword(password)) continue;
    const start = labelEnd + separator[0].length + pair[0].length - password.length;
    findings.push({ code: 'secret.password', start, end: start + password.length });
  }
  return findings;
}
