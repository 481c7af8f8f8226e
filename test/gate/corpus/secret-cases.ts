// Generated secret cases: each fake credential placed in the kind of sentence or snippet people actually save
// ("my aws key is ...", an .env line, a curl command, a pasted JSON file), labelled with the expected code.
import type { DetectionCode, SecretCode } from '../../../src/gate/index.ts';
import * as fake from './fake-secrets.ts';
import type { Rng } from './rng.ts';

/**
 * Where a case comes from: the seeded generator, the hand-written set, the first held-out set, or the second
 * held-out set (new kinds and languages, test/gate/corpus/held-out-new-kinds.ts).
 */
export type CaseOrigin =
  | 'generated'
  | 'hand-written'
  | 'held-out'
  | 'held-out-new'
  | 'held-out-third'
  | 'held-out-fourth'
  | 'held-out-fifth'
  | 'held-out-sixth'
  | 'held-out-seventh'
  | 'held-out-eighth'
  | 'held-out-ninth'
  | 'held-out-tenth'
  | 'held-out-eleventh'
  | 'held-out-twelfth'
  | 'held-out-thirteenth'
  | 'held-out-fourteenth'
  | 'held-out-fifteenth'
  | 'held-out-sixteenth'
  | 'held-out-seventeenth'
  | 'held-out-eighteenth'
  | 'held-out-nineteenth'
  | 'held-out-twentieth'
  | 'held-out-twenty-first'
  | 'held-out-twenty-second'
  | 'held-out-twenty-third';

export interface SecretCase {
  id: string;
  origin: CaseOrigin;
  /** The code the gate should give: a secret kind, or an identifier class's rejection code. */
  expected: DetectionCode;
  /** The language the case is written in (ISO 639-1); English when absent. */
  language?: string;
  text: string;
}

type Maker = (rng: Rng) => string;

function around(secret: (rng: Rng) => string, templates: readonly string[]): Maker {
  return (rng) => rng.pick(templates).replace('{}', secret(rng));
}

// The kinds the gate knew first; the later kinds are generated in new-kind-cases.ts from their own seed, so
// adding them left every case here unchanged.
const MAKERS: Partial<Record<SecretCode, Maker>> = {
  'secret.private_key': around(fake.pemPrivateKey, [
    '{}',
    'here is the deploy key for the staging box:\n{}',
    'save this ssh key for later\n\n{}\n\nit goes in ~/.ssh/id_ed25519',
    'The signing key we use for release builds is below.\n{}',
  ]),
  'secret.aws_access_key': around(fake.awsAccessKeyId, [
    'my aws key is {}',
    'export AWS_ACCESS_KEY_ID={}',
    'The CI user has access key {} on the billing account.',
    'aws_access_key_id = {}',
    'use {} for the backup bucket',
  ]),
  'secret.aws_secret_key': (rng) =>
    rng
      .pick([
        'aws_secret_access_key = {}',
        'export AWS_SECRET_ACCESS_KEY={}',
        'AWS secret: {}',
        'the secret key for the aws account is {}',
        `${fake.awsAccessKeyId(rng)} / {}`,
        'Amazon S3 uploader credentials -> secret access key {}',
      ])
      .replace('{}', fake.awsSecretKey(rng)),
  'secret.gcp_service_account': (rng) =>
    rng
      .pick(['{}', 'service account json for the exporter:\n{}', 'GOOGLE_CREDENTIALS={}'])
      .replace('{}', fake.gcpServiceAccountJson(rng, rng.next() < 0.5)),
  'secret.github_token': around(fake.githubToken, [
    'my github token is {}',
    'GITHUB_TOKEN={}',
    'use {} to push to the release repo',
    'git clone https://x-access-token:{}@github.com/acme/api.git',
    'Personal access token for the bot account: {}',
  ]),
  'secret.slack_token': around(fake.slackToken, [
    'slack bot token {}',
    'SLACK_BOT_TOKEN={}',
    'post alerts to {}',
    'The webhook for #deploys is {}',
  ]),
  'secret.stripe_key': around(fake.stripeKey, [
    'stripe secret key: {}',
    'STRIPE_SECRET_KEY={}',
    'the billing service uses {} in production',
    'curl https://api.stripe.com/v1/charges -u {}:',
  ]),
  'secret.openai_key': around(fake.openAiKey, [
    'my openai key is {}',
    'OPENAI_API_KEY={}',
    'use {} for the summariser',
    'client = OpenAI(api_key="{}")',
  ]),
  'secret.anthropic_key': around(fake.anthropicKey, [
    'anthropic key {}',
    'ANTHROPIC_API_KEY={}',
    'The claude integration authenticates with {}',
  ]),
  'secret.google_api_key': around(fake.googleApiKey, [
    'maps api key is {}',
    'GOOGLE_API_KEY={}',
    'https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key={}',
    'firebase config apiKey: "{}"',
  ]),
  'secret.jwt': around(fake.jwt, [
    'session token {}',
    'here is my supabase anon key {}',
    'the service role JWT is {}',
    'cookie: sb-access-token={}',
    '{}',
  ]),
  'secret.password': (rng) =>
    rng
      .pick([
        'my password is {}',
        'wifi password: {}',
        'DB_PASSWORD={}',
        'The password for the NAS is "{}"',
        'login alice / password: {}',
        'the admin password was changed to {}',
        'passcode={}',
        'pwd: {}',
        "remember that my bank password is '{}'",
        'my PIN is {pin}',
        'the door passcode is {pin}',
      ])
      .replace('{}', fake.password(rng))
      .replace('{pin}', rng.chars('0123456789', rng.pick([4, 6]))),
  'secret.card_number': around(fake.cardNumber, [
    'my visa is {} exp 09/28',
    'card number {}',
    'pay the invoice with {}',
    'company card: {} (cvv on the back)',
    'use my card {} for the hotel',
  ]),
  'secret.connection_string': around(fake.connectionString, [
    'DATABASE_URL={}',
    'the reporting db is at {}',
    'connect with {}',
    'Prod connection string: {}',
  ]),
  'secret.bearer_token': around(fake.bearerHeader, [
    'curl -H "{}" https://api.example.com/v2/orders',
    'send the header {} to the partner API',
    '{}',
  ]),
  'secret.azure_key': around(fake.azureKey, [
    'AZURE_STORAGE_CONNECTION_STRING="{}"',
    'client secret for the app registration: {}',
    'download link {}',
    '{}',
  ]),
  'secret.twilio': around(fake.twilioCredential, ['twilio api key {}', 'sms sender creds {}', 'TWILIO: {}']),
  'secret.sendgrid': around(fake.sendgridKey, ['sendgrid key {}', 'SENDGRID_API_KEY={}', 'mailer uses {}']),
  'secret.npm_token': around(fake.npmToken, ['npm token {}', 'NPM_TOKEN={}', 'add this to .npmrc: {}']),
  'secret.generic_high_entropy': (rng) =>
    rng
      .pick([
        'api key: {}',
        'MAILGUN_API_KEY={}',
        'the token for the staging webhook is {}',
        'client_secret: {}',
        'export DATADOG_API_KEY={}',
        '"apiKey": "{}"',
        'secret = {}',
        'Our Algolia admin key is {}',
        'x-api-key: {}',
        'access token {}',
      ])
      .replace('{}', fake.opaqueToken(rng)),
};

/** `perKind` generated cases for every secret kind, deterministic for a given seed. */
export function generateSecretCases(rng: Rng, perKind: number): SecretCase[] {
  const cases: SecretCase[] = [];
  for (const [expected, make] of Object.entries(MAKERS) as [SecretCode, Maker][]) {
    for (let i = 0; i < perKind; i++)
      cases.push({ id: `${expected}#${i}`, origin: 'generated', expected, text: make(rng) });
  }
  return cases;
}
