// Detects a login given without a password label, so that detectPasswords cannot see it: a pair, user then
// password, after a login label ("Netflix login: jo.reyes / Bl4ckC0ffee99", "creds for the NAS: admin /
// Tr0ub4dor&3", "wifi account = guest, Sunny!Day7"), and a pair or a random-looking value handed over in a sentence
// about logging in ("log into the router with admin / Xk3#vL9qPz", "use 'Tr0ub4dor&3' to log into the NAS", "to
// unlock the laptop type Blue-Fox-88"), and a pair after an app's name and an arrow.
import { startsLabel } from './match.ts';
import type { SecretFinding } from './types.ts';

const LABEL =
  /(?:login|logins|log-in|sign-in|credentials|creds|account|username and password|user and password|username\/password|user\/pass|user\/password|benutzerdaten|zugangsdaten|anmeldedaten|anmeldung|zugang|identifiants|credenciales|credenciais|credenziali|acceso|accesso|inloggegevens|dane logowania|usuario y contraseña|usuário e senha|utilisateur et mot de passe)(?![\p{L}\p{N}])/giu;
// The label, at most four words naming what it is for ("for the staging box"), then a colon, an equals sign or "is".
const SEPARATOR = /^(?:\s+[^\s:：=/]+){0,4}?(?:\s*[:：=]\s*|\s+(?:is|are)\s+)/iu;
// A user name or e-mail address, then a slash, a bar, a comma or a colon between it and the password.
const PAIR = /^([\p{L}\p{N}._%+@-]{2,64})\s*(?:\/|\||,|:)\s*([^\s,;]{6,64})/u;

// A sentence about logging in or unlocking something, and the word that hands the value over.
const LOGIN_VERB =
  /\b(?:log(?:ging)?\s*(?:in|into|on)|sign(?:ing)?\s*(?:in|into|on)|ssh\s+(?:in|into|to)|connect(?:ing)?\s+to|unlock(?:ing)?|get\s+into)\b/i;
const HANDOVER = /(?<![\p{L}])(?:use|using|with|type|enter)\s+/giu;
const QUOTED = /^(["'`“‘])([^"'`”’\s]{4,64})["'`”’]/;
const TOKEN = /^[^\s,;]{6,64}/;
/** How far from the login verb the handed-over value may stand, in either direction. */
const CLAUSE_CHARS = 60;
const SENTENCE_END = /[.!?]\s/;

/** A token without the sentence's closing period or bracket ("... / Xk3#vL9qPz." gives "Xk3#vL9qPz"). */
function withoutClosing(token: string): string {
  return token.replace(/[.)]+$/, '');
}

/** A password-shaped token: letters with digits or symbols, not a time, a path or a URL. */
function looksLikePassword(token: string): boolean {
  const value = withoutClosing(token);
  if (value.length < 6 || !/\p{L}/u.test(value)) return false;
  if (!/\p{N}/u.test(value) && !/[!@#$%^&*+=~?_-]/.test(value)) return false;
  return !/^\d{1,2}[:.]\d{2}/.test(value) && !/^(?:https?:|www\.|\/)/i.test(value);
}

/**
 * An unquoted single value must look made up, not like a name with a version or a model ("Python3", "iPad2",
 * "HP-LaserJet-4050", "user-01"): a symbol other than a hyphen or underscore, or mixed case with a digit inside;
 * a hyphenated one only where it is typed or entered ("type Blue-Fox-88").
 */
function looksRandom(token: string, typed: boolean): boolean {
  if (!/\p{L}/u.test(token) || !/\p{N}/u.test(token)) return false;
  if (/[!@#$%^&*+=~?]/.test(token) || (typed && /[-_]/.test(token))) return true;
  return /\p{Lu}/u.test(token) && /\p{Ll}/u.test(token) && /\p{N}\D*\p{L}/u.test(token);
}

/** The password of a user / password pair at the start of `rest` (which begins at `offset` in the text), if any. */
function pairPassword(rest: string, offset: number): SecretFinding | null {
  const pair = PAIR.exec(rest);
  const password = pair?.[2];
  if (!pair || password === undefined || !looksLikePassword(password)) return null;
  const start = offset + pair[0].length - password.length;
  return { code: 'secret.password', start, end: start + withoutClosing(password).length };
}

/** The value handed over by `use`, `with`, `type`... in a clause about logging in: a pair's password or one value. */
function handedOver(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const word of text.matchAll(HANDOVER)) {
    const at = word.index + word[0].length;
    // The login verb must stand in the same sentence: the window is cut at sentence ends on both sides.
    const before = text
      .slice(Math.max(0, word.index - CLAUSE_CHARS), word.index)
      .split(SENTENCE_END)
      .at(-1);
    const after = text.slice(at, at + CLAUSE_CHARS).split(SENTENCE_END)[0];
    if (!LOGIN_VERB.test(`${before}${word[0]}${after}`)) continue;
    const rest = text.slice(at, at + 140);
    const pair = pairPassword(rest, at);
    const quoted = QUOTED.exec(rest);
    const token = TOKEN.exec(rest)?.[0];
    if (pair) {
      findings.push(pair);
    } else if (quoted?.[2] !== undefined && looksLikePassword(quoted[2])) {
      findings.push({ code: 'secret.password', start: at, end: at + quoted[0].length });
    } else if (
      token !== undefined &&
      looksLikePassword(token) &&
      looksRandom(token, /^(?:type|enter)/i.test(word[0]))
    ) {
      findings.push({ code: 'secret.password', start: at, end: at + withoutClosing(token).length });
    }
  }
  return findings;
}

// An app, portal or site, then an arrow, then a user / password pair ("Crunch gym app → tgarcia_rides /
// Cadence_91!spin"): what an assistant jots for a shared account; also a service's name alone opening a line or a
// sentence ("steam → kurtaran06 / Bogaz!Kopru77"). The words name no login, so only a clearly random password counts
// ("Calendar app → Monday / 9am-5pm" is a schedule).
const APP_ARROW =
  /(?:(?<![\p{L}])(?:app|portal|website|site|account)|(?:^|(?<=[\n.!?;]\s*))[\p{L}][\p{L}\p{N}.&'-]{1,30}(?:\s+[\p{L}\p{N}.&'-]{1,30}){0,2})\s*(?:→|->|=>)\s*/giu;

/** Passwords given in a user / password pair after a login label, or handed over in a sentence about logging in. */
export function detectCredentialPairs(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const arrow of text.matchAll(APP_ARROW)) {
    const at = arrow.index + arrow[0].length;
    const pair = pairPassword(text.slice(at, at + 140), at);
    if (pair && looksRandom(text.slice(pair.start, pair.end), false)) findings.push(pair);
  }
  for (const label of text.matchAll(LABEL)) {
    if (!startsLabel(text, label.index)) continue;
    const labelEnd = label.index + label[0].length;
    const tail = text.slice(labelEnd, labelEnd + 200);
    const separator = SEPARATOR.exec(tail);
    if (!separator) continue;
    const pair = pairPassword(tail.slice(separator[0].length), labelEnd + separator[0].length);
    if (pair) findings.push(pair);
  }
  for (const found of handedOver(text)) {
    if (!findings.some((f) => f.start < found.end && found.start < f.end)) findings.push(found);
  }
  return findings.sort((a, b) => a.start - b.start);
}
