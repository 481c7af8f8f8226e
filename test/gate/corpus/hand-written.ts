// Hand-written cases: realistic memories chosen to probe edges the generator does not reach. Secret-shaped
// strings are assembled from parts so that no complete credential-looking literal sits in the repository
// (secret scanners on push would, rightly, object); all of them are fake.
import type { SecretCode } from '../../../src/gate/index.ts';
import type { BenignCase } from './benign-cases.ts';
import { base64Url } from './encode.ts';
import type { SecretCase } from './secret-cases.ts';

const AKIA = 'AKIA';
const KEY_ID = `${AKIA}Q3EGRTZL5NPXW7HD`;
const AWS_SECRET = ['Xq7/Lm2pRt9v', 'Kd4+Hw8Zc1Nb', '6Fj3Ys0Ua5Ge', 'Tn2w'].join('');
const GH = ['gh', 'p_'].join('');
const PEM = (type: string) => `-----BEGIN ${type}PRIVATE KEY-----`;
const JWT_HEADER = base64Url('{"alg":"HS256","typ":"JWT"}');
const JWT_PAYLOAD = base64Url('{"sub":"1234567890","name":"Jo Doe","iat":1716239022}');
const JWT = `${JWT_HEADER}.${JWT_PAYLOAD}.${'Sfl4KxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'.slice(0, 43)}`;

const SECRETS: [SecretCode, string][] = [
  ['secret.password', 'my password is hunter2'],
  ['secret.password', 'Password: Tr0ub4dor&3'],
  ['secret.password', "The garage keypad passcode is 482913, don't tell the kids"],
  ['secret.password', 'ssh into the pi with user pi, password raspberry42'],
  ['secret.password', 'my netflix login is jo@example.com with password "blue-Otter-19"'],
  ['secret.password', 'Wifi at the cabin -> network: PineLodge, password: mountainair2019'],
  ['secret.password', "the password for grandma's laptop is Rosebud1952!"],
  ['secret.password', 'PIN for the debit card: 4471'],
  ['secret.password', '{"username": "svc-backup", "password": "Qm9!vT7#xLp2"}'],
  ['secret.password', 'mi contraseña es girasol2024'],
  ['secret.aws_access_key', `aws creds for the sandbox: ${KEY_ID}`],
  [
    'secret.aws_secret_key',
    `[default]\naws_access_key_id = ${KEY_ID}\naws_secret_access_key = ${AWS_SECRET}\nregion = eu-west-1`,
  ],
  ['secret.aws_secret_key', `the AWS secret for the uploader is ${AWS_SECRET} (rotate in March)`],
  ['secret.github_token', `GH_TOKEN=${GH}${'k8Lq2Vd9ZxT4mN7pR1sW3yB6cF0hJ5gA2eU8'}`],
  [
    'secret.private_key',
    `${PEM('OPENSSH ')}\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n(truncated)`,
  ],
  [
    'secret.private_key',
    `Put this in the vault, not here:\n${PEM('EC ')}\nMHcCAQEEIBx1Qm3vB2s9K7yT4nP8cW0dF6jH1kL5mR3tV9xZ2aE4oAoGCCqGSM49\n-----END EC PRIVATE KEY-----`,
  ],
  [
    'secret.jwt',
    `callback url was https://app.example.com/auth/callback#access_token=${JWT}&token_type=bearer`,
  ],
  ['secret.jwt', `supabase service_role key: ${JWT}`],
  [
    'secret.bearer_token',
    `curl -H 'Authorization: Bearer ${'d41f9c2b7e8a4c0f9b1e6a3d5c7f2e8b0a9d4c6e'}' https://api.partner.io/v1/me`,
  ],
  ['secret.card_number', 'my Amex is 3782 822463 10005, expires 04/27'],
  ['secret.card_number', 'Card: 5105-1051-0510-5100 (the corporate Mastercard)'],
  ['secret.card_number', "use 4000056655665556 for the kids' subscription"],
  ['secret.connection_string', 'DATABASE_URL=postgres://engram:W9%23kd2%21Lz@db.prod.internal:5432/engram'],
  [
    'secret.connection_string',
    'redis url is rediss://default:AbC123xYz789QwE@eu1-sharp-cod-12345.upstash.io:6379',
  ],
  ['secret.slack_token', ['Slack bot: xox', 'b-2718281828-3141592653589-Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1'].join('')],
  ['secret.stripe_key', ['STRIPE_KEY=sk_', 'live_51HxQ2aKj8Lm3Np4Qr5St6Uv7Wx8Yz9Ab0Cd1Ef2Gh3'].join('')],
  [
    'secret.openai_key',
    [
      'The summariser uses sk-',
      'proj-Rk3mX9vQ2pL7tW4zB8nC1dF6gH0jK5sA_yE3uI9oP2qT7rV4wX8cZ1bN6mL0kJ5hG',
    ].join(''),
  ],
  [
    'secret.google_api_key',
    [
      '<script src="https://maps.googleapis.com/maps/api/js?key=AI',
      'zaSyD3kL9mQ2xV7pR4tW8zB1nC6fH0jK5sAyE"></script>',
    ].join(''),
  ],
  [
    'secret.sendgrid',
    ['mail api key SG', '.aB3dE5fG7hI9jK1lM3nO5p.Qr7St9Uv1Wx3Yz5Ab7Cd9Ef1Gh3Ij5Kl7Mn9Op1Qr3St'].join(''),
  ],
  [
    'secret.npm_token',
    ['//registry.npmjs.org/:_authToken=npm', '_Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz'].join(''),
  ],
  ['secret.twilio', ['Twilio auth token is ', '9f3c2b1a8e7d6c5b4a3f2e1d0c9b8a7f'].join('')],
  [
    'secret.azure_key',
    ['Azure OpenAI endpoint https://acme.openai.azure.com/, key ', 'c3f1e2d4b5a697887766554433221100'].join(
      '',
    ),
  ],
  [
    'secret.gcp_service_account',
    '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n"',
  ],
  [
    'secret.generic_high_entropy',
    'the webhook signing secret for Linear is lin_wh_8kQz2Lr5Vx9Pn3Tb7Wc1Ym6Ds4',
  ],
  ['secret.generic_high_entropy', 'HEROKU_API_KEY: 3f6a9c2e-7b1d-4e8f-a5c0-9d2b6e4f1a7c'],
  [
    'secret.generic_high_entropy',
    'Cloudflare API token for DNS edits is Zk4mQ8vR2xT6pL9wB3nC7dF1gH5jK0sA8yE2uI6o',
  ],
  ['secret.password', 'mysql -h db.internal -u root --password=Vq8#Lm2!pZ'],
  // Shapes added with the relative-clause, possessive, credential-pair and nearby-CPF readings (2026-12-02).
  ['secret.password', 'the wifi password the landlord gave us is Cedar!Hall21'],
  ['secret.password', 'my Steam password, which I reuse everywhere, was Gr33nLantern!'],
  ['secret.password', 'Spotify login: maya.k@example.com / Purple-Rain88'],
  ['secret.password', 'creds for the staging box: deploy, Xk3#vL9qPz'],
  ['secret.one_time_code', 'the login code the bank texted me is 730 215'],
  ['secret.access_code', 'the lockbox code the host sent us is 2580#'],
  ['secret.password', 'our Disney+ password is still Mickey!2023'],
  ['secret.password', 'the passcode my son set on the tablet is 090412'],
  ['secret.password', 'Kiwi#2024 is the password for the shared calendar'],
  ['secret.password', 'to get into the old laptop, log in with Marigold!7'],
  ['secret.password', "ssh into the pi using pi / R4spberry'Jam"],
  ['secret.one_time_code', 'verification code for the tax portal: 604118'],
];

const BENIGN: [string, string][] = [
  ['prose', 'Prefers answers in British English and short paragraphs.'],
  ['prose', 'Is vegetarian but eats fish occasionally.'],
  ['prose', 'Works at Acme as a platform engineer since 2021.'],
  ['prose', 'Decided to drop MongoDB in favour of Postgres for the billing service.'],
  ['prose', 'Never schedule meetings before 10:00 on Mondays.'],
  ['prose', 'When asked about deadlines, always check the shared calendar first.'],
  ['prose', "The kids' school is closed on 3 October for a teacher training day."],
  ['prose', 'Uses a standing desk and wants reminders to take breaks every 50 minutes.'],
  ['prose', 'Her favourite book is "The Left Hand of Darkness".'],
  ['prose', 'Allergic to penicillin — mention it at every doctor visit.'],
  ['prose', 'Runs a 10k every Sunday morning along the river.'],
  ['prose', 'Asked to be called Sam, not Samantha.'],
  ['prose', 'The landlord is Mr Okafor; rent is due on the 1st.'],
  ['prose', 'Meine Lieblingsfarbe ist Blau.'],
  ['prose', '私はコーヒーよりお茶が好きです。'],
  ['prose', 'Prefere reuniões curtas, no máximo 30 minutos.'],
  ['prose', 'Est végétarien depuis 2019.'],
  ['prose', 'Loves \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} whisky and 🇯🇵 food.'],
  ['password_prose', 'I reset my password yesterday'],
  ['password_prose', 'remind me to change my password'],
  ['password_prose', 'The password is the same as the old one, just ask IT for a reset.'],
  ['password_prose', 'my password is too weak according to the bank'],
  ['password_prose', 'the password was leaked in the 2019 breach so I changed it'],
  ['password_prose', 'Password hints are disabled on the family laptop.'],
  ['password_prose', 'Use a passphrase of four random words for the vault.'],
  ['password_prose', 'The wifi password is written on the router label.'],
  ['password_prose', 'She keeps her passwords in Bitwarden.'],
  ['password_prose', 'password: see the team vault entry "Staging DB"'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
  ['password_prose', 'DB_PASSWORD=${DB_PASSWORD} is injected by the CI'],
  ['password_prose', 'POSTGRES_PASSWORD=<set in .env.local>'],
  ['password_prose', 'the admin password is never emailed, only shared in person'],
  ['password_prose', 'pwd: /home/jo/projects/engram'],
  ['password_prose', 'The PIN is required for every card payment over 50 euros.'],
  ['keys_prose', 'The Google Maps key is restricted to our domain in the console.'],
  ['keys_prose', 'Our API key format is eng_ followed by 32 characters.'],
  [
    'keys_prose',
    'Public key for the deploy user: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH8x4Lz2bQ9mNvR3pT7wK1cY5sD0fG6jH2aE4uI8oP3 jo@laptop',
  ],
  ['keys_prose', 'The token bucket refills at 10 tokens per second.'],
  ['keys_prose', 'The secret to good bread is a long cold proof.'],
  ['keys_prose', 'The session token expires after 15 minutes of inactivity.'],
  ['keys_prose', 'Set the Stripe publishable key pk_live_51HxQ2aKj8Lm3Np4Qr5St6 in the frontend only.'],
  ['keys_prose', 'The primary key is a ULID like 01HV3K8Z9QJX7T4M2N5P6R8S0W.'],
  ['keys_prose', 'Cache key format: tenant:subject:hash, e.g. acme:u42:9f2c1a.'],
  ['keys_prose', 'Sort key is created_at descending; partition key is tenant_id.'],
  [
    'keys_prose',
    'Key rotation for KMS is yearly; the key id is arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab',
  ],
  ['keys_prose', 'Bearer tokens go in the Authorization header, never in query strings.'],
  ['keys_prose', 'The API returns 401 when the Authorization header is missing.'],
  ['keys_prose', 'He mentioned that AKIA keys should be replaced with IAM roles.'],
  ['keys_prose', 'Token count for the last prompt was 12873.'],
  ['dev', 'Install bun with: curl -fsSL https://bun.sh/install | bash'],
  ['dev', 'Run `npm run typecheck` before pushing; CI fails otherwise.'],
  ['dev', 'The build broke after upgrading typescript from 5.4.5 to 5.9.3.'],
  [
    'dev',
    'Docker image ghcr.io/acme/api@sha256:3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a is pinned in prod.',
  ],
  ['dev', 'The feature flag new-checkout-flow-v2 is at 25% rollout.'],
  ['dev', 'Prometheus scrape interval is 15s; retention is 30d.'],
  ['dev', 'Error code E_CONN_RESET_4097 means the proxy dropped the connection.'],
  ['dev', 'Use kubectl -n payments rollout restart deploy/api-gateway after config edits.'],
  ['dev', 'The S3 bucket acme-prod-exports-7f3k2 has a 30 day lifecycle rule.'],
  ['dev', 'The regex for order ids is ^ORD-[0-9]{10}$.'],
  ['dev', 'The base64 of "hello world" is aGVsbG8gd29ybGQ=, handy for the demo.'],
  ['dev', 'Commit 3f6a9c2e7b1d4e8fa5c09d2b6e4f1a7c3b5d8e0f reverted the cache change.'],
  ['dev', 'The invoice PDF hash is 9b74c9897bac770ffc029102a200c5de for the audit.'],
  ['dev', 'Node 20.11.1, pnpm 9.1.0, postgres 16.2 on the build agents.'],
  ['dev', 'Staging runs at https://staging.acme.io and prod at https://acme.io.'],
  ['dev', 'The Sentry DSN project id is 4507123456789012.'],
  ['dev', 'Grafana dashboard uid is a1B2c3D4e, shared with the SRE team.'],
  ['dev', 'Our AWS account alias is acme-prod; the account id is 123456789012.'],
  ['dev', 'The OAuth client id is 1234567890-abc123def456.apps.googleusercontent.com.'],
  ['dev', 'Use the idempotency key header Idempotency-Key on every POST.'],
  ['dev', 'The Slack channel for incidents is #inc-payments.'],
  ['dev', 'Cron: 0 3 * * * runs the nightly sweep.'],
  ['numbers', 'Gift card balance is 25 euros, card ending in 4242.'],
  ['numbers', 'The IMEI of my old phone is 490154203237518.'],
  ['numbers', 'Library card number 23456 00123 4567.'],
  ['numbers', 'Meter reading 0048213 on 1 June.'],
  ['numbers', 'Flight confirmation 4UX7QZ, seat 14C.'],
  ['numbers', 'The office landline is +1 650 253 0000.'],
  ['numbers', 'Loyalty number 9000 1234 5678 9012 for the airline.'],
  ['numbers', 'Parcel 00340434161094042540 is stuck in the depot.'],
  ['numbers', 'The serial number of the laptop is C02XL0GHJGH5.'],
  ['numbers', 'ISBN 9780262033848 — Introduction to Algorithms.'],
  ['numbers', 'The year-end total was 1,234,567.89 USD.'],
  ['numbers', 'Coordinates 38.7223, -9.1393 are the Lisbon office.'],
  ['numbers', 'The API rate limit is 1000 requests per 60 seconds.'],
  ['injection_talk', 'We discussed prompt injection at the security guild meeting.'],
  ['injection_talk', 'The red team report lists jailbreaks as the top risk.'],
  ['injection_talk', 'You are now subscribed to the weekly digest, says the email.'],
  ['injection_talk', 'The system is down for maintenance on Saturday.'],
  ['injection_talk', 'Told the assistant to keep answers short.'],
  // Prose near the readings added on 2026-12-02: a relative clause, a login label, a CPF label.
  ['password_prose', 'the password I chose for the router is longer than 12 characters'],
  ['password_prose', 'the password they asked for was the same as the old one'],
  ['password_prose', 'the PIN the bank sent is in the envelope on my desk'],
  ['password_prose', 'my password, which I never write down, is stored in Bitwarden'],
  ['password_prose', 'the verification code they texted me took 5 minutes to arrive'],
  ['password_prose', 'the lockbox code the host sent us is in the welcome email'],
  ['password_prose', 'our Disney+ password is still the old one'],
  ['password_prose', 'KeePassXC is my password manager now'],
  ['password_prose', 'log in with Google, not with the work account'],
  ['dev', 'connect to the staging box using Node20 and the VPN'],
  ['prose', 'login: Monday / Tuesday for the shared laptop'],
  ['prose', 'account: savings / checking, both at the credit union'],
  ['prose', 'Login hours for the lab: 09:00 / 17:30'],
  ['prose', 'credentials: in 1Password, shared vault'],
  ['numbers', 'CPF registration opened in 2019; the form number was 12345678901'],
];

/** The hand-written secret cases, labelled with the code the gate should give. */
export function handWrittenSecrets(): SecretCase[] {
  return SECRETS.map(([expected, text], i) => ({
    id: `hand:${expected}#${i}`,
    origin: 'hand-written',
    expected,
    text,
  }));
}

/** The hand-written benign memories. */
export function handWrittenBenign(): BenignCase[] {
  return BENIGN.map(([category, text], i) => ({
    id: `hand:${category}#${i}`,
    origin: 'hand-written',
    category,
    text,
  }));
}
