// Detects credentials carried in URLs, key=value connection strings and HTTP headers: scheme://user:password@host,
// "Server=...;User ID=...;Password=...;", Authorization: Bearer and Basic values.
import { decodeBase64Url } from './jwt.ts';
import { charClasses, findAll, shannonEntropy } from './match.ts';
import { isPlaceholder } from './placeholders.ts';
import type { SecretFinding } from './types.ts';

// The user part may be empty (redis://:secret@host); the password part is group 1. A password may hold # and ?
// unencoded ("postgres://shopadmin:Vq8#mPz2Lr@db..."): people paste it as they typed it, and only the @ ends it.
const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]{1,30}:\/\/[^\s:/@?#]*:([^\s@/]+)@[^\s/?#]+/dgi;
// ADO.NET, ODBC and JDBC-style key=value strings: a server key, then within the same string a password key
// (group 1 its value). "Password=" alone is the password detector's.
const KEY_VALUE_WITH_PASSWORD =
  /\b(?:Server|Data Source|Host|Hostname|Address|Addr|Network Address)\s*=\s*[^;"'\n]+;(?:[^;"'\n]*;){0,12}?\s*(?:Password|Pwd|PWD)\s*=\s*([^;"'\n]+)/dgi;
const BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{20,}=*)/dg;
const BASIC = /\bAuthorization\s*[:=]\s*["']?Basic\s+([A-Za-z0-9+/]{8,}={0,2})/dgi;
// A Postman or Insomnia export's bearer auth: {"type": "bearer", "bearer": [{"key": "token", "value": "..."}]}
// (the collection format's key/value pairs, in either order).
const EXPORTED_BEARER =
  /"bearer"\s*:\s*\[\s*\{[^{}]*?(?:"key"\s*:\s*"token"\s*,\s*"value"\s*:\s*"([^"\s]{16,})"|"value"\s*:\s*"([^"\s]{16,})"\s*,\s*"key"\s*:\s*"token")/dgi;

/** URLs that embed a password (database, broker, cache and HTTP URLs alike), and key=value connection strings. */
export function detectConnectionStrings(text: string): SecretFinding[] {
  return [
    ...findAll(text, URL_WITH_PASSWORD, 'secret.connection_string', {
      group: 1,
      accept: (password) => !isPlaceholder(decodeURIComponentSafe(password)),
    }),
    ...findAll(text, KEY_VALUE_WITH_PASSWORD, 'secret.connection_string', {
      group: 1,
      accept: (password) => !isPlaceholder(password.trim()),
    }),
  ];
}

/** Bearer tokens and Basic credentials in Authorization headers or "Bearer <token>" phrases. */
export function detectHttpAuth(text: string): SecretFinding[] {
  return [
    // An opaque credential mixes character classes at high entropy; "Bearer authentication-is-recommended" does not.
    ...findAll(text, BEARER, 'secret.bearer_token', {
      group: 1,
      accept: (token) => charClasses(token) >= 2 && /\d/.test(token) && shannonEntropy(token) >= 3.5,
    }),
    ...[1, 2].flatMap((group) =>
      findAll(text, EXPORTED_BEARER, 'secret.bearer_token', {
        group,
        accept: (token) => !token.startsWith('{{') && charClasses(token) >= 2 && shannonEntropy(token) >= 3.5,
      }),
    ),
    ...findAll(text, BASIC, 'secret.bearer_token', {
      group: 1,
      accept: (encoded) => (decodeBase64Url(encoded) ?? '').includes(':'),
    }),
  ];
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
