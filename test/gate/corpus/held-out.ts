// A second hand-written set, written after the detectors were tuned on the rest of the corpus and measured
// once before any further change: its first-run figures are the honest estimate of how the gate generalises
// (docs/benchmarks/gate.md records them). Secret-shaped strings are assembled from parts, all fake.
import type { SecretCode } from '../../../src/gate/index.ts';
import type { BenignCase } from './benign-cases.ts';
import { base64Url } from './encode.ts';
import type { SecretCase } from './secret-cases.ts';

const JWT = [
  base64Url('{"alg":"RS256","kid":"k1"}'),
  base64Url('{"iss":"https://auth.example.com","sub":"u_829","aud":"api","exp":1893456000}'),
  'Qz8vN2xL5pR7tW1yB4nC6dF9gH3jK0sA2eU5iO8mX1zV4bT7qP0wL3kJ6hG9fD2sA5eU8iO1mX4zV7bT0qP3wL6kJ9hG2fD5sA8e',
].join('.');

const SECRETS: [SecretCode, string][] = [
  ['secret.password', 'Router admin: user admin, pass Kx7!mW2q'],
  ['secret.password', 'the safe combination / passcode is 0718'],
  // Labelled secret.password when written; alarm codes and passphrases have had their own codes since.
  ['secret.access_code', 'Alarm system code: 9052 (press OFF first)'],
  ['secret.password', 'my icloud password = Bl4ckC0ffee#'],
  ['secret.password', 'Le mot de passe du wifi est soleil2023'],
  ['secret.password', 'password for the staging basic auth: letmein-2024'],
  ['secret.password', 'set MYSQL_ROOT_PASSWORD: "r00t-Pa55"'],
  ['secret.password', 'her gmail password is Pancake88'],
  ['secret.passphrase', 'the vpn passphrase is "orange kite seventeen"'],
  ['secret.card_number', 'Visa 4539 1488 0343 6467 exp 11/26 cvc 123'],
  ['secret.card_number', 'I saved my card: 6011 0009 9013 9424'],
  ['secret.card_number', 'numbers for the booking: 5425233430109903'],
  ['secret.connection_string', 'Celery broker: amqp://celery:Tq93mZ1x@rabbitmq:5672//'],
  ['secret.connection_string', 'SQLALCHEMY_DATABASE_URI = "mysql+pymysql://app:N7s%40x2Lq@10.1.2.3/app"'],
  ['secret.connection_string', 'ftp://uploader:ftp-Pass-91@files.vendor.net/incoming'],
  ['secret.jwt', `Authorization header was Bearer ${JWT}`],
  ['secret.jwt', `id_token=${JWT}`],
  ['secret.aws_access_key', ['credentials: ASIA', 'Y7KQ2M4PLX9ZB3TN plus a session token'].join('')],
  [
    'secret.aws_secret_key',
    ['aws', '_secret_access_key=', 'Gq2ZcV8n+Lr4Tx0Wb6Yd1Pm9/Ks3Hf7Jv5Ae2Qu8'].join(''),
  ],
  [
    'secret.github_token',
    ['remote set-url origin https://', 'gho_', 'R2d2C3poL7mQ9xV4pT8wB1nK6fH0jZ5sA3yE'].join(''),
  ],
  [
    'secret.slack_token',
    ['SLACK_APP_TOKEN=xapp-1-A0', '7QZ8K2M1L-4829301746283-8c1f0e7d6b5a4c3e2f1a0b9c8d7e6f5a'].join(''),
  ],
  [
    'secret.stripe_key',
    ['Restricted key for reporting: rk', '_live_', '9Vq2Lx7Tm4Nz1Kp8Wr3Yb6Dc5Fg0Hj'].join(''),
  ],
  ['secret.openai_key', ['export OPENAI_API_KEY=sk-', 'Zx81Lq2Vn5Tm9Rp3Wb7Yc1Kd6Hf0Jg4Sa8Ue2Io'].join('')],
  [
    'secret.anthropic_key',
    [
      'claude key sk-ant-',
      'api03-',
      'q7Lm2Vx9Tn4Rp8Wb1Yc6Kd3Hf0Jg5Sa9Ue2Io7Zx1Lq4Vn8Tm3Rp6Wb0Yc5Kd9Hf2Jg7Sa1Ue4Io8Zx3Lq6Vn0Tm5Rp9Wb2Yc7KdAA',
    ].join(''),
  ],
  ['secret.google_api_key', ['gemini key: AI', 'zaSyB7q2Lm9Vx4Tn8Rp1Wb6Yc3Kd0Hf5Jg2Sa'].join('')],
  ['secret.twilio', ['Twilio API key ', 'SK', '3e9f1a7c5b2d8e4f0a6c1b9d7e3f5a2c'].join('')],
  [
    'secret.sendgrid',
    ['SendGrid: SG', '.Lq4Vn8Tm3Rp6Wb0Yc5Kd9H.f2Jg7Sa1Ue4Io8Zx3Lq6Vn0Tm5Rp9Wb2Yc7Kd1Hf4Jg8Sa3'].join(''),
  ],
  [
    'secret.npm_token',
    ['publish with NODE_AUTH_TOKEN=npm', '_Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5'].join(''),
  ],
  ['secret.azure_key', ['AccountName=logs;AccountKey=', 'Zm9vYmFyYmF6cXV4'.repeat(5), 'Zm9vYmE=='].join('')],
  [
    'secret.private_key',
    [
      'PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy\nPublic-Lines: 6\nAAAAB3NzaC1yc2E\nPrivate-Lines: 14',
    ].join(''),
  ],
  [
    'secret.gcp_service_account',
    [
      '{"type": "service_account", "private_key_id": "',
      '3f'.repeat(20),
      '", "client_email": "x@p.iam.gserviceaccount.com"}',
    ].join(''),
  ],
  [
    'secret.bearer_token',
    [
      'fetch(url, { headers: { Authorization: "Bearer ',
      'b7Tq2Lx9Vm4Nz1Kp8Wr3Yc6Dd5Fg0Hj7Sa2Ue"',
      ' } })',
    ].join(''),
  ],
  ['secret.generic_high_entropy', 'PAGERDUTY_ROUTING_KEY=e93facc04764012d7bfb002500d5d1a6'],
  [
    'secret.generic_high_entropy',
    'mapbox access token pk.eyJ1IjoiYWNtZSIsImEiOiJja3Q5In0.Lq4Vn8Tm3Rp6Wb0Yc5Kd9H',
  ],
  ['secret.generic_high_entropy', 'the shared secret for the HMAC is 7Zx1Lq4Vn8Tm3Rp6Wb0Yc5Kd9Hf2Jg'],
];

const BENIGN: [string, string][] = [
  ['held_out', 'My passport expires in August 2027, renew it in spring.'],
  ['held_out', 'Prefers window seats and vegetarian meals on long flights.'],
  ['held_out', 'The password policy changed: 14 characters minimum, no rotation.'],
  ['held_out', 'Forgot my password twice this week, maybe switch to passkeys.'],
  ['held_out', 'The password for the guest network is printed on the card by the door.'],
  ['held_out', 'He asked me to reset his password because the link expired.'],
  ['held_out', 'Security questions are weaker than a good password.'],
  ['held_out', 'Her PIN was blocked after three wrong tries.'],
  ['held_out', 'Use token-based auth for the mobile app, cookies for the web.'],
  ['held_out', 'The key insight of the paper is that retrieval beats fine-tuning here.'],
  ['held_out', 'Secret Garden is her favourite musical.'],
  ['held_out', 'Our key customers are in Germany and Brazil.'],
  ['held_out', 'The tokenizer splits "unbelievable" into three tokens.'],
  ['held_out', 'Access token lifetime: 15m; refresh token lifetime: 30d.'],
  ['held_out', 'API key management moved to the new developer portal.'],
  ['held_out', 'The AWS region for the EU customers is eu-central-1.'],
  ['held_out', 'Azure subscription "Prod-EU" is billed to cost centre 4410.'],
  ['held_out', 'The GitHub repo is acme/engram; default branch is main.'],
  ['held_out', 'Slack workspace acme-team.slack.com, channel #random for memes.'],
  ['held_out', 'Stripe customer cus_Q2k8Lm4Vx9Tn has a disputed charge.'],
  ['held_out', 'The Stripe charge id ch_3Lq4Vn8Tm3Rp6Wb0 was refunded.'],
  ['held_out', 'OpenAI model gpt-4o-mini-2024-07-18 is the default for summaries.'],
  ['held_out', 'Claude model id claude-3-5-sonnet-20241022 is used for evals.'],
  ['held_out', 'Bucket gs://acme-ml-datasets/2024/ holds the training data.'],
  ['held_out', 'Ticket JIRA-48213 tracks the login bug.'],
  ['held_out', 'Zendesk ticket #1048213 from the Berlin customer.'],
  ['held_out', 'The VIN of the car is 1HGCM82633A004352.'],
  ['held_out', 'Bank sort code 20-00-00, account 55779911 (payee: Mum).'],
  ['held_out', 'The Wi-Fi network name is Acme-Guest-5G.'],
  ['held_out', 'Her student number is 2024117893.'],
  ['held_out', 'Passport number format is two letters and seven digits.'],
  ['held_out', 'Phone: +353 87 123 4567 (Dublin office).'],
  ['held_out', 'EAN 4006381333931 is the pencil box barcode.'],
  ['held_out', 'The shipment 1Z12345E0205271688 arrived damaged.'],
  ['held_out', 'Transaction 6011000990139424 failed at the terminal.'],
  ['held_out', 'The release tag is v3.14.159-beta.2+exp.sha.5114f85.'],
  ['held_out', 'Hash of the config: 5d41402abc4b2a76b9719d911017c592 (md5 of "hello").'],
  ['held_out', 'The API base URL is https://api.example.com/v2 and needs an API key header.'],
  ['held_out', 'curl https://api.example.com/health returns {"status":"ok"}'],
  ['held_out', 'Webhook URL: https://acme.io/hooks/stripe (no auth, verified by signature).'],
  ['held_out', 'jdbc:postgresql://db.internal:5432/app?user=reporting is the BI connection.'],
  ['held_out', 'The password hash algorithm is argon2id with m=19456, t=2, p=1.'],
  ['held_out', 'Example bcrypt cost factor is 12; hashes start with $2b$12$.'],
  ['held_out', 'The token is valid for one hour.'],
  ['held_out', 'The secret is out: we are moving to Lisbon in May!'],
  ['held_out', 'Key: blue = done, yellow = in progress, red = blocked.'],
  ['held_out', 'Password strength meter uses zxcvbn with a minimum score of 3.'],
  ['held_out', 'Translation key checkout.button.pay_now is missing in French.'],
  [
    'held_out',
    'SSH host key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 for the bastion.',
  ],
  ['held_out', 'Public key pinning hash pin-sha256="d6qzRu9zOECb90Uez27xWltNsj0e1Md7GkYYkVoZWmM=".'],
  ['held_out', 'Bitcoin donations: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ['held_out', 'The Ethereum contract is 0x742d35Cc6634C0532925a3b844Bc454e4438f44e.'],
  ['held_out', 'The ULID of the import job is 01ARZ3NDEKTSV4RRFFQ69G5FAV.'],
  ['held_out', 'Lot number 240517-A3 of the vaccine, given on 2 May.'],
  ['held_out', 'Room 4B, building C, door code changes every month (ask reception).'],
  ['held_out', 'You are now the owner of the staging project, per the email from IT.'],
  ['held_out', 'From now on the standup is at 9:30.'],
  ['held_out', 'He pretends to be busy when the topic of taxes comes up.'],
  ['held_out', 'System prompts for the support bot live in the prompts/ folder.'],
  ['held_out', 'Ignore the previous estimate; the new quote is 4,200 euros.'],
];

/** Held-out secret cases (see the module header for why they are kept apart). */
export function heldOutSecrets(): SecretCase[] {
  return SECRETS.map(([expected, text], i) => ({
    id: `held:${expected}#${i}`,
    origin: 'held-out',
    expected,
    text,
  }));
}

/** Held-out benign memories. */
export function heldOutBenign(): BenignCase[] {
  return BENIGN.map(([category, text], i) => ({
    id: `held:${category}#${i}`,
    origin: 'held-out',
    category,
    text,
  }));
}
