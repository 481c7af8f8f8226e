// Builders of fake credentials in the exact formats real ones use (prefixes, lengths, alphabets, checksums).
// Random bodies from the seeded generator: none of these is, or was ever, a real credential.
import { base64Url, groupDigits, luhnCheckDigit } from './encode.ts';
import { ALNUM, BASE64, BASE64URL, DIGITS, HEX, type Rng, UPPER_ALNUM } from './rng.ts';

export function pemPrivateKey(rng: Rng, lines = rng.int(2, 6)): string {
  const type = rng.pick(['RSA ', 'EC ', 'OPENSSH ', '', 'ENCRYPTED ', 'DSA ']);
  const body = Array.from({ length: lines }, () => rng.chars(BASE64, 64)).join('\n');
  return `-----BEGIN ${type}PRIVATE KEY-----\n${body}\n${rng.chars(BASE64, rng.int(8, 60))}=\n-----END ${type}PRIVATE KEY-----`;
}

export function awsAccessKeyId(rng: Rng): string {
  return rng.pick(['AKIA', 'ASIA', 'AKIA', 'AKIA']) + rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16);
}

export function awsSecretKey(rng: Rng): string {
  // Real secret keys are 40 base64 characters; re-draw the rare all-one-case sample a real key would not be.
  for (;;) {
    const key = rng.chars(BASE64, 40);
    if (/[a-z]/.test(key) && /[A-Z]/.test(key) && /\d/.test(key)) return key;
  }
}

export function gcpServiceAccountJson(rng: Rng, compact: boolean): string {
  const project = `${rng.pick(['acme', 'orbit', 'lumen', 'nimbus'])}-${rng.chars(DIGITS, 6)}`;
  const key = `-----BEGIN PRIVATE KEY-----\\n${rng.chars(BASE64, 64)}\\n${rng.chars(BASE64, 64)}\\n-----END PRIVATE KEY-----\\n`;
  const fields = [
    `"type": "service_account"`,
    `"project_id": "${project}"`,
    `"private_key_id": "${rng.chars(HEX, 40)}"`,
    `"private_key": "${key}"`,
    `"client_email": "deployer@${project}.iam.gserviceaccount.com"`,
    `"client_id": "${rng.chars(DIGITS, 21)}"`,
  ];
  return compact ? `{${fields.join(', ')}}` : `{\n  ${fields.join(',\n  ')}\n}`;
}

export function githubToken(rng: Rng): string {
  if (rng.next() < 0.25) return `github_pat_${rng.chars(ALNUM, 22)}_${rng.chars(ALNUM, 59)}`;
  return `${rng.pick(['ghp', 'gho', 'ghs', 'ghu', 'ghr'])}_${rng.chars(ALNUM, 36)}`;
}

export function slackToken(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.3) {
    return `https://hooks.slack.com/services/T${rng.chars(UPPER_ALNUM, 8)}/B${rng.chars(UPPER_ALNUM, 10)}/${rng.chars(ALNUM, 24)}`;
  }
  const prefix = rng.pick(['xoxb', 'xoxp', 'xoxa', 'xoxe']);
  return `${prefix}-${rng.chars(DIGITS, 12)}-${rng.chars(DIGITS, 13)}-${rng.chars(ALNUM, 24)}`;
}

export function stripeKey(rng: Rng): string {
  const prefix = rng.pick(['sk_live_', 'sk_live_', 'rk_live_', 'sk_test_', 'whsec_']);
  return prefix + rng.chars(ALNUM, rng.pick([24, 32, 99]));
}

export function openAiKey(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.35) return `sk-${rng.chars(ALNUM, 20)}T3BlbkFJ${rng.chars(ALNUM, 20)}`;
  if (roll < 0.85) return `sk-proj-${rng.chars(BASE64URL, 124)}T3BlbkFJ${rng.chars(BASE64URL, 24)}`;
  return `sk-svcacct-${rng.chars(BASE64URL, 70)}T3BlbkFJ${rng.chars(BASE64URL, 20)}`;
}

export function anthropicKey(rng: Rng): string {
  return `sk-ant-${rng.pick(['api03', 'api03', 'admin01'])}-${rng.chars(BASE64URL, 93)}AA`;
}

export function googleApiKey(rng: Rng): string {
  return `AIza${rng.chars(BASE64URL, 35)}`;
}

export function jwt(rng: Rng): string {
  const alg = rng.pick(['HS256', 'RS256', 'ES256', 'HS512']);
  const header = rng.next() < 0.5 ? { alg, typ: 'JWT' } : { alg, typ: 'JWT', kid: rng.chars(ALNUM, 16) };
  const now = 1_700_000_000 + rng.int(0, 50_000_000);
  const payload = {
    sub: rng.chars(HEX, 24),
    iat: now,
    exp: now + 3600,
    role: rng.pick(['authenticated', 'service_role', 'admin', 'user']),
    ...(rng.next() < 0.5 ? { email: `${rng.pick(['ana', 'li', 'sam', 'joe'])}@example.com` } : {}),
  };
  const signatureLength = alg.startsWith('RS') ? 342 : alg === 'ES256' ? 86 : alg === 'HS512' ? 86 : 43;
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.${rng.chars(BASE64URL, signatureLength)}`;
}

/** A password a person would actually pick: words, digits and symbols, or a generated string. */
export function password(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.4) {
    const word = rng.pick(['sunflower', 'Tiger', 'river', 'Marble', 'falcon', 'Copper', 'velvet', 'Orchid']);
    return `${word}${rng.chars(DIGITS, rng.int(2, 4))}${rng.pick(['!', '#', '$', '', '?', '*'])}`;
  }
  if (roll < 0.8) return rng.chars(`${ALNUM}!@#$%^&*`, rng.int(10, 20));
  return `${rng.pick(['correct', 'purple', 'lazy', 'quiet'])}-${rng.pick(['horse', 'monkey', 'dog', 'lamp'])}-${rng.pick(['battery', 'staple', 'river', 'cloud'])}-${rng.chars(DIGITS, 2)}`;
}

/** A card number with a real network prefix and a valid Luhn digit, grouped as people type them. */
export function cardNumber(rng: Rng): string {
  const [prefix, length] = rng.pick<[string, number]>([
    ['4', 16],
    ['4', 16],
    [String(rng.int(51, 55)), 16],
    [String(rng.int(2221, 2720)), 16],
    [rng.pick(['34', '37']), 15],
    ['6011', 16],
    [String(rng.int(3528, 3589)), 16],
    ['62', 16],
  ]);
  const body = prefix + rng.chars(DIGITS, length - prefix.length - 1);
  return groupDigits(body + luhnCheckDigit(body), rng.pick([' ', '-', '', ' ']));
}

export function connectionString(rng: Rng): string {
  const user = rng.pick(['app', 'admin', 'postgres', 'svc_reporting', 'root', 'deploy']);
  const secret = encodeURIComponent(password(rng));
  const host = rng.pick([
    'db.internal',
    'prod-db.cluster-abc.eu-west-1.rds.amazonaws.com',
    '10.0.3.17',
    'localhost',
  ]);
  return rng.pick([
    `postgres://${user}:${secret}@${host}:5432/app`,
    `postgresql://${user}:${secret}@${host}/analytics?sslmode=require`,
    `mysql://${user}:${secret}@${host}:3306/shop`,
    `mongodb+srv://${user}:${secret}@cluster0.${rng.chars(ALNUM, 5).toLowerCase()}.mongodb.net/?retryWrites=true`,
    `redis://:${secret}@${host}:6379/0`,
    `amqp://${user}:${secret}@rabbit.internal:5672/`,
    `https://${user}:${secret}@git.example.com/team/repo.git`,
  ]);
}

export function bearerHeader(rng: Rng): string {
  if (rng.next() < 0.2) {
    const basic = Buffer.from(`${rng.pick(['admin', 'api', 'ci'])}:${password(rng)}`).toString('base64');
    return `Authorization: Basic ${basic}`;
  }
  return `Authorization: Bearer ${rng.chars(`${ALNUM}-._`, rng.int(32, 64))}`;
}

export function azureKey(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.3) {
    return `DefaultEndpointsProtocol=https;AccountName=${rng.pick(['acmestore', 'logsprod', 'media01'])};AccountKey=${rng.chars(BASE64, 86)}==;EndpointSuffix=core.windows.net`;
  }
  if (roll < 0.5) {
    const sig = encodeURIComponent(`${rng.chars(BASE64, 43)}=`);
    return `https://acmestore.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig=${sig}`;
  }
  if (roll < 0.7) return `${rng.chars(ALNUM, 3)}8Q~${rng.chars(`${ALNUM}_~.-`, 34)}`;
  if (roll < 0.85) {
    return `Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${rng.chars(BASE64, 43)}=`;
  }
  return `azure openai key: ${rng.chars(HEX, 32)}`;
}

export function twilioCredential(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.4) return `SK${rng.chars(HEX, 32)}`;
  if (roll < 0.7) return `twilio auth token: ${rng.chars(HEX, 32)}`;
  return `AC${rng.chars(HEX, 32)}:${rng.chars(HEX, 32)}`;
}

export function sendgridKey(rng: Rng): string {
  return `SG.${rng.chars(BASE64URL, 22)}.${rng.chars(BASE64URL, 43)}`;
}

export function npmToken(rng: Rng): string {
  const token = `npm_${rng.chars(ALNUM, 36)}`;
  return rng.next() < 0.3 ? `//registry.npmjs.org/:_authToken=${token}` : token;
}

/** A credential from a vendor with no recognisable prefix: hex, base62 or base64 of typical lengths. */
export function opaqueToken(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.35) return rng.chars(HEX, rng.pick([32, 40, 64]));
  if (roll < 0.75) return rng.chars(ALNUM, rng.int(24, 48));
  return `${rng.chars(BASE64, 43)}=`;
}

/** A Telegram bot token: the bot id, a colon, "A" and 34 base64url characters. */
export function telegramBotToken(rng: Rng): string {
  return `${rng.int(1, 9)}${rng.chars(DIGITS, rng.int(7, 9))}:AA${rng.chars(BASE64URL, 33)}`;
}

/** A token of a service that prefixes its tokens (see src/gate/secrets/service-tokens.ts). */
export function serviceToken(rng: Rng): string {
  return rng.pick<(r: Rng) => string>([
    (r) => `glpat-${r.chars(`${ALNUM}-_`, 20)}`,
    (r) => `hf_${r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 34)}`,
    (r) => `dop_v1_${r.chars(HEX, 64)}`,
    (r) => `shpat_${r.chars(HEX, 32)}`,
    (r) => `pypi-AgEIcHlwaS5vcmc${r.chars(BASE64URL, 70)}`,
    (r) => `dckr_pat_${r.chars(BASE64URL, 27)}`,
    (r) => `hvs.${r.chars(BASE64URL, 90)}`,
    (r) => `gsk_${r.chars(ALNUM, 52)}`,
    (r) => `PMAK-${r.chars(HEX, 24)}-${r.chars(HEX, 34)}`,
    (r) => `GOCSPX-${r.chars(BASE64URL, 28)}`,
    (r) => `sbp_${r.chars(HEX, 40)}`,
    (r) => `lin_api_${r.chars(ALNUM, 40)}`,
    (r) => `pplx-${r.chars(ALNUM, 48)}`,
    (r) => `AGE-SECRET-KEY-1${r.chars('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`,
    (r) => `NRAK-${r.chars(UPPER_ALNUM, 27)}`,
    (r) => `dapi${r.chars(HEX, 32)}`,
    (r) => `https://discord.com/api/webhooks/${r.chars(DIGITS, 19)}/${r.chars(BASE64URL, 68)}`,
  ])(rng);
}

/** A Docker config.json with an auth entry, compact or pretty, sometimes base64-encoded whole. */
export function dockerConfig(rng: Rng): string {
  const registry = rng.pick([
    'https://index.docker.io/v1/',
    'ghcr.io',
    'registry.gitlab.com',
    '123456789012.dkr.ecr.eu-west-1.amazonaws.com',
  ]);
  const auth = Buffer.from(`${rng.pick(['ci', 'deploy', 'jo', 'AWS'])}:${password(rng)}`).toString('base64');
  const config = { auths: { [registry]: { auth } } };
  const roll = rng.next();
  if (roll < 0.2) return `.dockerconfigjson: ${Buffer.from(JSON.stringify(config)).toString('base64')}`;
  if (roll < 0.35) return `docker login -u ${rng.pick(['ci', 'deploy'])} -p ${password(rng)} ${registry}`;
  return roll < 0.7 ? JSON.stringify(config) : JSON.stringify(config, null, 2);
}

/** A one-time code as services write it: 4 to 8 digits, sometimes grouped. */
export function oneTimeCode(rng: Rng): string {
  const code = rng.chars(DIGITS, rng.pick([6, 6, 6, 4, 8]));
  return rng.next() < 0.2 && code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** An alarm, door or lock code: digits, sometimes with # or a letter, or a dial combination. */
export function accessCode(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.15) return `${rng.int(10, 39)}-${rng.int(10, 39)}-${rng.int(10, 39)}`;
  if (roll < 0.3) return `${rng.chars(DIGITS, 4)}#`;
  if (roll < 0.4) return `${rng.chars(DIGITS, 1)}${rng.pick(['A', 'B', 'C'])}${rng.chars(DIGITS, 3)}`;
  return rng.chars(DIGITS, rng.pick([4, 4, 5, 6]));
}

/** A diceware-style passphrase: four to six plain words. */
export function passphrase(rng: Rng): string {
  const words = [
    'velvet',
    'thunder',
    'orbit',
    'cactus',
    'lemon',
    'river',
    'quiet',
    'falcon',
    'marble',
    'ocean',
  ];
  const more = ['copper', 'violin', 'harbor', 'pepper', 'glacier', 'meadow', 'tunnel', 'sparrow', 'ember'];
  return Array.from({ length: rng.int(4, 6) }, () => rng.pick([...words, ...more])).join(' ');
}

/** Twelve or twenty-four BIP-39 words (random, without a valid checksum: a wallet would refuse it). */
export function seedPhrase(rng: Rng, wordlist: readonly string[]): string {
  return Array.from({ length: rng.pick([12, 12, 24]) }, () => rng.pick(wordlist)).join(' ');
}

/** A wallet private key: an xprv, a WIF key or a labelled hex key. */
export function walletKey(rng: Rng): string {
  const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const roll = rng.next();
  if (roll < 0.35) return `xprv9s21ZrQH143K${rng.chars(base58, 95)}`;
  if (roll < 0.7) return `${rng.pick(['K', 'L'])}${rng.chars(base58, 51)}`;
  return `metamask private key 0x${rng.chars(HEX, 64)}`;
}
