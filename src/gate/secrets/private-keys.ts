// Detects private key material: PEM/OpenSSH/PGP blocks, PuTTY key files, and Google service account JSON.
import { findAll } from './match.ts';
import type { SecretFinding } from './types.ts';

// A BEGIN line is enough: a truncated paste still leaks the key, and prose that quotes the header is rare.
// The END line is then found with indexOf: a lazy regex spanning the block re-scans it for every BEGIN line.
const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/g;
// An RSA-4096 PEM block is about 3300 characters; an END further away than this belongs to another block.
const MAX_KEY_BLOCK = 8000;
const PUTTY_HEADER = /PuTTY-User-Key-File-\d+:/g;
const PUTTY_PRIVATE = /Private-Lines:\s*\d+/g;
// A PuTTY file's public half is a few hundred characters; the private lines follow within this distance.
const PUTTY_WINDOW = 4000;

// A service account key file, or a fragment of one: a "private_key" member holding key material, or the
// service_account type next to a private_key_id.
const SA_PRIVATE_KEY = /"private_key"\s*:\s*"(?:-----BEGIN|[A-Za-z0-9+/\\]{40,})/g;
const SA_TYPE = /"type"\s*:\s*"service_account"/;
const SA_KEY_ID = /"private_key_id"\s*:\s*"[0-9a-f]{40}"/g;

/**
 * Pairs each opening match with the first closing match after it. Both lists are found once, so a text full
 * of BEGIN lines without an END stays linear (a lazy regex spanning the block would re-scan it for each one).
 */
function spans(
  text: string,
  open: RegExp,
  close: RegExp,
  maxLength: number,
  needClose: boolean,
): SecretFinding[] {
  const closes = Array.from(text.matchAll(close), (m) => m.index + m[0].length);
  const findings: SecretFinding[] = [];
  let next = 0;
  let coveredUntil = -1;
  for (const begin of text.matchAll(open)) {
    // A BEGIN inside the block of the previous key is part of that key, not a new one.
    if (begin.index < coveredUntil) continue;
    while (next < closes.length && (closes[next] ?? 0) <= begin.index) next++;
    const closeEnd = closes[next];
    const closed = closeEnd !== undefined && closeEnd - begin.index <= maxLength;
    if (!closed && needClose) continue;
    const end = closed ? closeEnd : begin.index + begin[0].length;
    findings.push({ code: 'secret.private_key', start: begin.index, end });
    coveredUntil = end;
  }
  return findings;
}

/** PEM, OpenSSH, PGP and PuTTY private keys, each spanning from its header to its end (when present). */
export function detectPrivateKeys(text: string): SecretFinding[] {
  return [
    ...spans(text, PEM_BEGIN, PEM_END, MAX_KEY_BLOCK, false),
    ...spans(text, PUTTY_HEADER, PUTTY_PRIVATE, PUTTY_WINDOW, true),
  ];
}

/** Google Cloud service account keys (JSON key files or fragments of them). */
export function detectServiceAccountKeys(text: string): SecretFinding[] {
  const findings = findAll(text, SA_PRIVATE_KEY, 'secret.gcp_service_account');
  if (SA_TYPE.test(text)) findings.push(...findAll(text, SA_KEY_ID, 'secret.gcp_service_account'));
  return findings;
}
