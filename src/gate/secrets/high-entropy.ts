// Detects unlabelled-vendor secrets: a long, high-entropy token right after a word such as key, token or secret
// ("api key: 9f8c...", "STRIPE_SECRET=...", "the token for staging is ..."). Entropy is only trusted next to
// such a word: on its own it also fires on hashes, IDs and base64 data that are safe to store.
import { charClasses, shannonEntropy, startsLabel } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

const KEYWORD =
  /(?:api[_ -]?key|apikey|access[_ -]?key|secret[_ -]?key|client[_ -]?secret|app[_ -]?secret|(?:auth|access|refresh|api|bearer|session|service|bot|personal[_ -]?access)[_ -]?token|bearer|private[_ -]?key|signing[_ -]?key|encryption[_ -]?key|master[_ -]?key|license[_ -]?key|webhook[_ -]?secret|shared[_ -]?secret|credentials?|secret|token|key)s?(?![A-Za-z])/gi;
// Identifiers, fingerprints and public halves are labelled with the same words but are safe to keep.
const NOT_SECRET_SUFFIX =
  /^[_ -]?(?:id|ids|name|names|type|fingerprint|hash|length|size|count|rotation|format)\b/i;
const NOT_SECRET_PREFIX = /(?:public|publishable|idempotency|primary|foreign|sort|partition|cache)[_ -]?$/i;
// After the keyword: an optional assignment or "is/was" ("token abc...", "api key: abc..."), or a short
// prepositional phrase that must then end in one ("the token for the staging webhook is abc...", "client_secret
// for the spotify app I'm building -> abc...").
const SEPARATOR =
  /^["']?(?:\s+(?:for|to|of|on|in|at)(?:\s+[^\s.,;:=!?"']+(?:['’][^\s.,;:=!?"']+)?){1,5}?\s*(?::=|=>|->|→|[:=]|\bis\b|\bwas\b|\bequals\b)|\s*(?::=|=>|->|→|[:=]|\bis\b|\bwas\b|\bequals\b)?)\s*["'`]?/i;
const TOKEN = /^[A-Za-z0-9_\-+/=.~]{16,512}/;
// A quoted value may hold any printable character but quotes and spaces: framework secrets are often generated
// with punctuation (Django's SECRET_KEY = 'pk8am%7rgn1*yt#i9...').
const QUOTED_TOKEN = /^[^\s"'`]{16,512}(?=["'`])/;
// The keyword inside an Amazon Resource Name ("arn:aws:secretsmanager:...:secret:prod/api/stripe-n6iyyt") names
// where a secret is kept: a reference, not the secret.
const INSIDE_ARN = /(?:^|[\s"'(=,])arn:[a-z0-9-]+:[^\s"']*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a token is random enough to be a credential rather than a word, version, path or ID. */
export function isHighEntropyToken(token: string): boolean {
  if (token.length < 16 || isPlaceholder(token)) return false;
  if (/^https?:|^\/|^\d+(?:[.-]\d+)*$/.test(token)) return false;
  // Semantic versions with pre-release and build parts ("1.2.3-rc.4+build.567") mix classes but are not secrets.
  if (/^v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.+-]*)?$/.test(token)) return false;
  const entropy = shannonEntropy(token);
  // Hex has 16 symbols, so even random hex tops out near 4 bits and often lands around 3.5: judge it on its own scale.
  if (/^[0-9a-f]+$/i.test(token)) return /\d/.test(token) && /[a-f]/i.test(token) && entropy >= 3.0;
  if (/\d/.test(token)) return charClasses(token) >= 2 && entropy >= (token.length < 20 ? 3.3 : 3.5);
  // Without digits, mixed-case words ("ExtraordinaryMeasures") score high too: demand more length and entropy.
  return charClasses(token) >= 2 && token.length >= 24 && entropy >= 4.0;
}

/** High-entropy tokens given as the value of a key/token/secret label. */
export function detectHighEntropySecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const keyword of text.matchAll(KEYWORD)) {
    const start = keyword.index;
    if (!startsLabel(text, start)) continue;
    const end = start + keyword[0].length;
    if (NOT_SECRET_SUFFIX.test(text.slice(end, end + 20))) continue;
    if (NOT_SECRET_PREFIX.test(text.slice(Math.max(0, start - 16), start))) continue;
    if (INSIDE_ARN.test(text.slice(Math.max(0, start - 200), start))) continue;
    const tail = text.slice(end, end + 600);
    const separator = SEPARATOR.exec(tail);
    if (!separator) continue;
    const rest = tail.slice(separator[0].length);
    const quoted = /["'`]$/.test(separator[0]);
    const raw = (quoted ? QUOTED_TOKEN.exec(rest)?.[0] : undefined) ?? TOKEN.exec(rest)?.[0];
    if (raw === undefined) continue;
    const token = raw.replace(/[.]+$/, '');
    // A UUID is an identifier unless the label is explicitly a secret ("api key", "token", "secret").
    if (UUID.test(token) && /^(?:key|keys|license[_ -]?key)$/i.test(keyword[0])) continue;
    if (!isHighEntropyToken(token)) continue;
    const tokenStart = end + separator[0].length;
    findings.push({ code: 'secret.generic_high_entropy', start: tokenStart, end: tokenStart + token.length });
  }
  return findings;
}
