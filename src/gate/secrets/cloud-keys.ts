// Detects cloud provider credentials: AWS key ids and secret keys, Azure keys and signatures, Google API keys.
import { findAll, shannonEntropy } from './match.ts';
import type { SecretFinding } from './types.ts';

// AWS key ids: a documented four-letter prefix (AKIA long-term, ASIA temporary, ...) and 16 more characters.
const AWS_KEY_ID = /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])/g;
// A secret access key is 40 characters of base64. Alone that shape also fits URL paths and other IDs, so it
// only counts with AWS context close before it (or an AWS key id anywhere in the text). "=" may precede it
// (KEY=value) but not follow it (that would be a longer base64 value with padding).
const BASE64_40 = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
// S3, IAM and "access key ID" name AWS too ("... у S3 ... Access key ID уже прописаний ..., ось він:").
const AWS_CONTEXT =
  /aws|amazon|secret[_ -]?(?:access[_ -]?)?key|AKIA|ASIA|\bS3\b|\bIAM\b|access[_ -]?key[_ -]?id/i;
const AWS_CONTEXT_WINDOW = 120;

const AZURE_CONNECTION_KEY =
  /(?:AccountKey|SharedAccessKey|SharedAccessSignature|PrimaryKey|SecondaryKey)\s*=\s*([A-Za-z0-9+/%]{30,}={0,2})/g;
// Microsoft Entra client secrets carry a fixed marker: three characters, a digit, then "Q~".
const ENTRA_CLIENT_SECRET =
  /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g;
const AZURE_HEX_KEY = /\bazure\b[^\n]{0,40}?\b(?:key|secret)\b[^\n]{0,20}?\b([0-9a-fA-F]{32})\b/dgi;
// Azure API Management's subscription key header, which Azure AI services (Translator, OpenAI, Speech) take too: the
// value after the header name, or a 32-hex key said with it.
const AZURE_SUBSCRIPTION_KEY =
  /\bOcp-Apim-Subscription-Key\b["']?\s*[:=]?\s*["']?([0-9a-fA-F]{32})\b|\b([0-9a-fA-F]{32})\b[^\n]{0,80}?\bOcp-Apim-Subscription-Key\b/dgi;
// A storage account's access key (88 base64 characters, "==" at the end) under a storage-key name
// (storage_account_key = "...", AZURE_STORAGE_KEY=...).
const AZURE_STORAGE_KEY =
  /\b(?:storage[_ -]?account[_ -]?key|azure[_ -]?storage[_ -]?(?:account[_ -]?)?key|account[_ -]?key)\b["']?\s*[:=]\s*["']?([A-Za-z0-9+/]{86}==)/dgi;
// The same key by its shape after a storage account or its key1/key2 is named, in any language ("storage account
// stloonadminprd ... toegangssleutel nodig (key1):\n\n...").
const AZURE_STORAGE_KEY_NEAR =
  /\b(?:storage account|speicherkonto|compte de stockage|cuenta de almacenamiento|key[12])\b[\s\S]{0,200}?(?<![A-Za-z0-9+/])([A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])/dgi;
// The portal's "Keys and Endpoint" page as copied or read from a screenshot ("KEY 1   30ba3c..."): a line that opens
// with a key's name and a 32-hex key, in a text that names Azure.
const AZURE_KEY_LINE = /^[ \t]*(?:key\s?[12]|primary\s+key|secondary\s+key)[ \t:=]+([0-9a-fA-F]{32})\b/dgim;
const AZURE_NAMED = /\bazure\b|\.azure\.com\b|\bcognitiveservices\b/i;
const URL = /https?:\/\/[^\s"'<>]+/g;

const GOOGLE_API_KEY = /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g;

function looksLikeAwsSecret(token: string, match: RegExpExecArray, text: string, hasKeyId: boolean): boolean {
  // Random base64 of this length practically always mixes cases; hex digests and lowercase paths do not.
  if (!/[a-z]/.test(token) || !/[A-Z]/.test(token)) return false;
  if (shannonEntropy(token) < 4.2) return false;
  const before = text.slice(Math.max(0, match.index - AWS_CONTEXT_WINDOW), match.index);
  // Or right after it: "... ось він:\n<key>\nДодай його в ~/.aws/credentials як aws_secret_access_key".
  const after = text.slice(match.index + token.length, match.index + token.length + AWS_CONTEXT_WINDOW);
  return hasKeyId || AWS_CONTEXT.test(before) || /aws_secret_access_key|\.aws\/credentials/i.test(after);
}

/** AWS access key ids and secret access keys. */
export function detectAwsKeys(text: string): SecretFinding[] {
  // A key id whose sixteen characters are all X ("AKIAXXXXXXXXXXXXXXXX") is a format shown in documentation, not a
  // key: no real id is one letter repeated. (AWS's own example, AKIAIOSFODNN7EXAMPLE, is still refused: placeholders.ts.)
  const keyIds = findAll(text, AWS_KEY_ID, 'secret.aws_access_key', {
    accept: (token) => !/^.{4}X{16}$/.test(token),
  });
  const secrets = findAll(text, BASE64_40, 'secret.aws_secret_key', {
    accept: (token, match) => looksLikeAwsSecret(token, match, text, keyIds.length > 0),
  });
  return [...keyIds, ...secrets];
}

/** Azure storage/service bus keys, Entra client secrets, SAS URLs and labelled Azure hex keys. */
export function detectAzureKeys(text: string): SecretFinding[] {
  const sasUrls = findAll(text, URL, 'secret.azure_key', {
    accept: (url) => /[?&]sv=/.test(url) && /[?&]sig=[A-Za-z0-9%+/=]{30,}/.test(url),
  });
  return [
    ...findAll(text, AZURE_CONNECTION_KEY, 'secret.azure_key'),
    ...findAll(text, ENTRA_CLIENT_SECRET, 'secret.azure_key'),
    ...findAll(text, AZURE_HEX_KEY, 'secret.azure_key', { group: 1 }),
    ...[1, 2].flatMap((group) => findAll(text, AZURE_SUBSCRIPTION_KEY, 'secret.azure_key', { group })),
    ...findAll(text, AZURE_STORAGE_KEY, 'secret.azure_key', { group: 1 }),
    ...findAll(text, AZURE_STORAGE_KEY_NEAR, 'secret.azure_key', { group: 1 }),
    ...(AZURE_NAMED.test(text) ? findAll(text, AZURE_KEY_LINE, 'secret.azure_key', { group: 1 }) : []),
    ...sasUrls,
  ];
}

/** Google API keys (the AIza... form used by Maps, Firebase, Gemini and others). */
export function detectGoogleApiKeys(text: string): SecretFinding[] {
  return findAll(text, GOOGLE_API_KEY, 'secret.google_api_key');
}
