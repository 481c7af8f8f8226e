// Detects unlabelled-vendor secrets: a long, high-entropy token right after a word such as key, token or secret
// ("api key: 9f8c...", "STRIPE_SECRET=...", "the token for staging is ..."). Entropy is only trusted next to
// such a word: on its own it also fires on hashes, IDs and base64 data that are safe to store.
import { RELATIVE_CLAUSE } from '../lexicon.ts';
import { charClasses, shannonEntropy, startsLabel } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

const KEYWORD =
  /(?:api[_ -]?key|apikey|access[_ -]?key|secret[_ -]?key|client[_ -]?secret|app[_ -]?secret|(?:auth|access|refresh|api|bearer|session|service|bot|personal[_ -]?access)[_ -]?token|bearer|private[_ -]?key|signing[_ -]?key|encryption[_ -]?key|master[_ -]?key|license[_ -]?key|webhook[_ -]?secret|shared[_ -]?secret|credentials?|secret|token|key)s?(?![A-Za-z])/gi;
// Identifiers, fingerprints and public halves are labelled with the same words but are safe to keep.
const NOT_SECRET_SUFFIX =
  /^[_ -]?(?:id|ids|name|names|type|fingerprint|hash|length|size|count|rotation|format)\b/i;
const NOT_SECRET_PREFIX = /(?:public|publishable|idempotency|primary|foreign|sort|partition|cache)[_ -]?$/i;
// After the keyword: an optional assignment or "is/was" ("token abc...", "api key: abc..."), or a prepositional
// phrase of up to five words that must then end in one ("the token for the staging webhook is abc...", "client_secret
// for the spotify app I'm building -> abc..."), or of six to eight words before a colon or an arrow ("Encryption key
// for the NAS cloud backup — keep safe: ..."), or a short relative clause before "is" ("the webhook signing secret
// the shop plugin shows is df59...").
const SEPARATOR_PHRASES =
  /\s+(?:for|to|of|on|in|at)(?:\s+[^\s.,;:=!?"']+(?:['’][^\s.,;:=!?"']+)?){6,8}?\s*(?::=|=>|->|→|[:=])|\s+(?:for|to|of|on|in|at)(?:\s+[^\s.,;:=!?"']+(?:['’][^\s.,;:=!?"']+)?){1,5}?\s*(?::=|=>|->|→|[:=]|\bis\b|\bwas\b|\bequals\b)|\s*(?::=|=>|->|→|[:=]|\bis\b|\bwas\b|\bequals\b)?/;
const SEPARATOR = new RegExp(
  `^["']?(?:${RELATIVE_CLAUSE}\\s*(?:\\bis\\b|\\bwas\\b|[:=])|${SEPARATOR_PHRASES.source})\\s*["'\`]?`,
  'iu',
);
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

// A line that names a key or token in one of the gate's languages and ends with a colon, then the token alone on
// the next non-empty line ("voici le jeton API que j'ai créé pour ton script ... :\n\n71VInj..."): the e-mail and
// chat way of handing a secret over. Read line by line (a regex over the text backtracked through every colon of a
// long line: 9.7 ms on 8,000 characters of "api key: ").
const NAMED_LINE_WORD =
  /(?<![\p{L}])(?:token|key|secret|jeton|clé|cle|chave|llave|clave|chiave|schlüssel|sleutel|toegangssleutel|ключ\p{L}*|токен\p{L}*|klucz\p{L}*|anahtar\p{L}*|kulcs\p{L}*|avain\p{L}*|nyckel\p{L}*|nøkkel\p{L}*|nøgle\p{L}*|キー|トークン|密钥|密鑰|令牌|키|토큰|مفتاح|טוקן|מפתח|कुंजी|टोकन|khóa|kunci)(?![\p{L}])/iu;
const ENDS_WITH_COLON = /[:：][ \t]*$/;
const ALONE_ON_LINE = /^[ \t]*([A-Za-z0-9_\-+/=.~]{20,512})[ \t]*$/;

// What such a line may name instead of a secret: a fingerprint, a hash or a public half ("private key fingerprint
// (SHA-256):\n...").
// A key's digest, named in the languages it is usually named in.
const DIGEST_WORDS =
  'fingerprint|hash|digest|checksum|thumbprint|empreinte|prüfsumme|fingerabdruck|指纹|指紋';
const NOT_SECRET_LINE = new RegExp(`${DIGEST_WORDS}|sha-?\\d*|public|publishable|\\bids?\\b`, 'i');
// "Fingerprint of the signing key: ...": what follows the key word is the key's digest.
const DIGEST_OF = new RegExp(`(?:${DIGEST_WORDS})\\s+(?:of|for|de|du|des|von|der)\\b`, 'i');

// An eSIM's activation code (GSMA SGP.22: "LPA:1$<SM-DP+ address>$<matching ID>"): the matching ID downloads the
// profile once, to whoever types it first.
const ESIM_ACTIVATION = /LPA:1\$[^$\s]+\$([A-Za-z0-9-]{8,})/g;

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
    // "Fingerprint of the signing key: ...": what follows is the key's digest, not the key.
    if (DIGEST_OF.test(text.slice(Math.max(text.lastIndexOf('\n', start) + 1, start - 60), start))) continue;
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
  for (const f of tokensAfterNamedLines(text))
    if (!findings.some((g) => g.start === f.start)) findings.push(f);
  for (const m of text.matchAll(ESIM_ACTIVATION)) {
    const start = m.index + m[0].length - m[1]!.length;
    findings.push({ code: 'secret.generic_high_entropy', start, end: start + m[1]!.length });
  }
  return findings;
}

/** Tokens alone on the line after a line that names a key or token and ends with a colon (see NAMED_LINE_WORD). */
function tokensAfterNamedLines(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  const lines = text.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  for (let i = 0; i + 1 < lines.length; i++) {
    const line = lines[i]!;
    if (!ENDS_WITH_COLON.test(line) || !NAMED_LINE_WORD.test(line) || NOT_SECRET_LINE.test(line)) continue;
    const next = lines[i + 1]!.trim() === '' ? i + 2 : i + 1;
    const alone = ALONE_ON_LINE.exec(lines[next] ?? '');
    const token = alone?.[1];
    if (token === undefined || !isHighEntropyToken(token) || UUID.test(token)) continue;
    const start = starts[next]! + (lines[next] ?? '').indexOf(token);
    findings.push({ code: 'secret.generic_high_entropy', start, end: start + token.length });
  }
  return findings;
}
