// Runs every secret detector family over a text and merges their findings into one ordered list. Card numbers
// are identifiers as well as secrets: the PII pass (../pii) detects them, so the tenant's policy decides them.
import { onlyWithDigits } from '../needs-digits.ts';
import { detectAccessCodes } from './access-codes.ts';
import { detectAwsKeys, detectAzureKeys, detectGoogleApiKeys } from './cloud-keys.ts';
import { detectConnectionStrings, detectHttpAuth } from './connection-strings.ts';
import { detectCredentialPairs } from './credential-pairs.ts';
import { detectSeedPhrases, detectWalletKeys } from './crypto-wallets.ts';
import { detectDockerAuth } from './docker-auth.ts';
import { detectHighEntropySecrets } from './high-entropy.ts';
import { detectJwts } from './jwt.ts';
import { detectOneTimeCodes } from './one-time-codes.ts';
import { detectPasswords } from './passwords.ts';
import { isFilledTemplate } from './placeholders.ts';
import { detectPrivateKeys, detectServiceAccountKeys } from './private-keys.ts';
import { detectServiceTokens } from './service-tokens.ts';
import type { SecretDetector, SecretFinding } from './types.ts';
import {
  detectGithubTokens,
  detectLlmProviderKeys,
  detectNpmTokens,
  detectSendgrid,
  detectSlackTokens,
  detectStripeKeys,
  detectTelegramBotTokens,
  detectTwilio,
} from './vendor-tokens.ts';

export type { SecretFinding } from './types.ts';

/** The specific detectors: each knows a vendor's or a format's exact shape. */
const SPECIFIC: readonly SecretDetector[] = [
  detectPrivateKeys,
  detectServiceAccountKeys,
  detectAwsKeys,
  detectAzureKeys,
  detectGoogleApiKeys,
  detectGithubTokens,
  detectSlackTokens,
  detectStripeKeys,
  detectLlmProviderKeys,
  detectTwilio,
  detectSendgrid,
  detectNpmTokens,
  detectTelegramBotTokens,
  detectServiceTokens,
  detectDockerAuth,
  detectJwts,
  detectPasswords,
  detectCredentialPairs,
  onlyWithDigits(detectOneTimeCodes),
  onlyWithDigits(detectAccessCodes),
  detectSeedPhrases,
  detectWalletKeys,
  detectConnectionStrings,
  detectHttpAuth,
];

function overlaps(a: SecretFinding, b: SecretFinding): boolean {
  return a.start < b.end && b.start < a.end;
}

// Codes whose value a person chooses: "11111111" is a weak password, not a template.
const CHOSEN_VALUES = new Set<SecretFinding['code']>([
  'secret.password',
  'secret.passphrase',
  'secret.one_time_code',
  'secret.access_code',
  'secret.seed_phrase',
]);

/**
 * Every suspected secret in `text`, ordered by position. A generic high-entropy finding is dropped where a
 * specific detector already names the same span, so the reason code says what the secret actually is. A key or
 * token filled in by hand with one repeated character (an example or a template file) is not a secret.
 */
export function detectSecrets(text: string): SecretFinding[] {
  const specific = SPECIFIC.flatMap((detect) => detect(text)).filter(
    (f) => CHOSEN_VALUES.has(f.code) || !isFilledTemplate(text.slice(f.start, f.end)),
  );
  const generic = detectHighEntropySecrets(text).filter((g) => !specific.some((s) => overlaps(g, s)));
  return [...specific, ...generic].sort((a, b) => a.start - b.start || a.end - b.end);
}
