// Generated benign memories, weighted towards look-alikes of secrets: hashes, UUIDs, tracking and order
// numbers, phone numbers, ISBNs, IBANs, URLs and database URLs without credentials, checksums, versions,
// colours, and sentences that talk about passwords, keys and tokens without giving one.
import { luhnCheckDigit } from './encode.ts';
import { ALNUM, BASE64, DIGITS, HEX, LOWER, type Rng, UPPER_ALNUM } from './rng.ts';
import type { CaseOrigin } from './secret-cases.ts';

export interface BenignCase {
  id: string;
  origin: CaseOrigin;
  category: string;
  /** The language the memory is written in (ISO 639-1); English when absent. */
  language?: string;
  text: string;
}

type Maker = (rng: Rng) => string;

const NAMES = [
  'Ana',
  'Bilal',
  'Chen',
  'Dara',
  'Emeka',
  'Freya',
  'Goran',
  'Hana',
  'Ivo',
  'Jules',
  'Kofi',
  'Lena',
];
const CITIES = [
  'Lisbon',
  'Osaka',
  'Nairobi',
  'Leeds',
  'Montreal',
  'Porto',
  'Austin',
  'Gdansk',
  'Pune',
  'Lyon',
];
const FOODS = [
  'oat milk',
  'sushi',
  'dark chocolate',
  'pho',
  'falafel',
  'green tea',
  'ramen',
  'tofu',
  'mangoes',
];
const TOOLS = [
  'pnpm',
  'biome',
  'vitest',
  'neovim',
  'Docker',
  'Terraform',
  'Postgres',
  'Redis',
  'Figma',
  'Linear',
];

function uuid(rng: Rng): string {
  const h = (n: number) => rng.chars(HEX, n);
  return `${h(8)}-${h(4)}-4${h(3)}-${rng.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
}

/** A digit string guaranteed to fail the Luhn check (order numbers, IBAN bodies, account references). */
function nonLuhnDigits(rng: Rng, length: number): string {
  const body = rng.chars(DIGITS, length - 1);
  const good = Number(luhnCheckDigit(body));
  return body + String((good + rng.int(1, 9)) % 10);
}

function isbn13(rng: Rng): string {
  const body = rng.pick(['978', '979']) + rng.chars(DIGITS, 9);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 7)}-${body.slice(7, 12)}-${check}`;
}

function upsTracking(rng: Rng): string {
  return `1Z${rng.chars(UPPER_ALNUM, 6)}${rng.chars(DIGITS, 10)}`;
}

function phone(rng: Rng): string {
  return rng.pick([
    `+1 (${rng.int(201, 989)}) 555-${rng.chars(DIGITS, 4)}`,
    `+44 20 ${rng.chars(DIGITS, 4)} ${rng.chars(DIGITS, 4)}`,
    `+49 30 ${rng.chars(DIGITS, 8)}`,
    `${rng.int(201, 989)}-555-${rng.chars(DIGITS, 4)}`,
    `+351 9${rng.chars(DIGITS, 2)} ${rng.chars(DIGITS, 3)} ${rng.chars(DIGITS, 3)}`,
    `+86 138 ${rng.chars(DIGITS, 4)} ${rng.chars(DIGITS, 4)}`,
  ]);
}

function iban(rng: Rng): string {
  const country = rng.pick(['GB', 'DE', 'FR', 'NL', 'PT', 'ES']);
  const body =
    country === 'GB' ? `NWBK${nonLuhnDigits(rng, 14)}` : nonLuhnDigits(rng, rng.pick([18, 20, 21]));
  const compact = `${country}${rng.chars(DIGITS, 2)}${body}`;
  return compact.replace(/(.{4})/g, '$1 ').trim();
}

function version(rng: Rng): string {
  return rng.pick([
    `v${rng.int(0, 24)}.${rng.int(0, 30)}.${rng.int(0, 20)}`,
    `${rng.int(1, 5)}.${rng.int(0, 12)}.${rng.int(0, 9)}-rc.${rng.int(1, 5)}`,
    `${rng.int(2019, 2026)}.${String(rng.int(1, 12)).padStart(2, '0')}.${rng.int(1, 28)}`,
    `${rng.int(1, 9)}.${rng.int(0, 99)}.${rng.int(0, 999)}+build.${rng.chars(HEX, 7)}`,
  ]);
}

const MAKERS: Record<string, readonly Maker[]> = {
  git: [
    (r) => `the regression was introduced in commit ${r.chars(HEX, 40)}`,
    (r) => `cherry-pick ${r.chars(HEX, 7)} onto the release branch before Friday`,
    (r) => `${r.pick(NAMES)} said the deploy sha for v2 is ${r.chars(HEX, 40)}`,
    (r) => `revert ${r.chars(HEX, 12)} if the dashboard breaks again`,
    (r) => `merge commit ${r.chars(HEX, 40)} (Merge pull request #${r.int(100, 9999)} from acme/fix-login)`,
  ],
  uuid: [
    (r) => `the session id for the bug report is ${uuid(r)}`,
    (r) => `customer ${uuid(r)} asked for a refund`,
    (r) => `workspace id: ${uuid(r)}`,
    (r) => `the idempotency key for the retry was ${uuid(r)}`,
    (r) => `trace ${uuid(r)} shows the timeout in the payment service`,
  ],
  tracking: [
    (r) => `UPS tracking number ${upsTracking(r)}`,
    (r) => `my package is ${upsTracking(r)}, arriving Tuesday`,
    (r) => `FedEx tracking ${r.chars(DIGITS, 12)}`,
    (r) => `the FedEx parcel ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} left Memphis`,
    (r) =>
      `USPS tracking 9400 1${r.chars(DIGITS, 3)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 4)} ${r.chars(DIGITS, 2)}`,
    (r) => `DHL shipment ${r.chars(DIGITS, 10)} is held at customs`,
  ],
  order: [
    (r) => `order #${nonLuhnDigits(r, r.int(13, 16))} was delivered to the office`,
    (r) =>
      `Amazon order ${r.chars(DIGITS, 3)}-${r.chars(DIGITS, 7)}-${r.chars(DIGITS, 7)} has the wrong charger`,
    (r) => `invoice number ${nonLuhnDigits(r, 14)} is still unpaid`,
    (r) => `booking reference ${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 6)} for the flight to ${r.pick(CITIES)}`,
    (r) => `confirmation ${nonLuhnDigits(r, 16)} for the hotel in ${r.pick(CITIES)}`,
    (r) => `the receipt total was ${r.int(10, 999)}.${r.chars(DIGITS, 2)} EUR, ref ${nonLuhnDigits(r, 13)}`,
  ],
  phone: [
    (r) => `${r.pick(NAMES)}'s mobile is ${phone(r)}`,
    (r) => `call the dentist at ${phone(r)} to move the appointment`,
    (r) => `support hotline: ${phone(r)}`,
    (r) => `IMEI of the work phone: 35${r.chars(DIGITS, 13)}`,
  ],
  isbn: [
    (r) => `reading ISBN ${isbn13(r)} for book club`,
    (r) => `the textbook is ISBN ${isbn13(r).replace(/-/g, '')}`,
    (r) => `${r.pick(NAMES)} recommended ${isbn13(r)}, a book on distributed systems`,
  ],
  iban: [
    (r) => `rent goes to IBAN ${iban(r)}`,
    (r) => `the supplier's IBAN is ${iban(r)}`,
    (r) => `bank account ${nonLuhnDigits(r, r.int(13, 17))} at the credit union`,
  ],
  url: [
    (r) => `the design doc is at https://docs.example.com/d/${r.chars(ALNUM, 32)}/edit`,
    (r) => `PR: https://github.com/acme/${r.pick(['api', 'web', 'infra'])}/pull/${r.int(10, 9999)}`,
    (r) => `watch https://www.youtube.com/watch?v=${r.chars(`${ALNUM}-_`, 11)} later`,
    (r) => `the dashboard is https://grafana.internal/d/${r.chars(ALNUM, 9)}/api-latency?orgId=1&from=now-6h`,
    (r) => `shared folder https://drive.google.com/drive/folders/${r.chars(`${ALNUM}-_`, 33)}`,
    (r) => `status page at https://status.${r.pick(['acme', 'orbit', 'lumen'])}.io`,
  ],
  database_url: [
    () => 'the staging database is postgres://app@db-staging.internal:5432/app',
    (r) => `local dev uses postgresql://localhost/${r.pick(['engram', 'shop', 'analytics'])}_dev`,
    (r) =>
      `read replica: postgres://${r.pick(['reporting', 'readonly'])}@replica-${r.int(1, 3)}.internal:5432/warehouse`,
    (r) => `redis://cache.internal:6379/${r.int(0, 15)} holds the sessions`,
    (r) => `mongodb://mongo-${r.int(0, 2)}.internal:27017/?replicaSet=rs0`,
    () => 'the connection string format is postgres://user:password@host:5432/dbname',
  ],
  password_prose: [
    () => 'I reset my password yesterday',
    () => 'remind me to change my password next week',
    (r) => `${r.pick(NAMES)} forgot the password to the shared drive again`,
    () => 'password managers are worth it; I use one for everything now',
    () => 'the password must be at least 12 characters long',
    () => 'my password is stored in 1Password under Work',
    (r) => `the wifi password is on the fridge in ${r.pick(CITIES)}`,
    () => 'I prefer passkeys over passwords whenever a site supports them',
    () => 'the password reset email went to spam',
    () => 'password rotation happens every 90 days at work',
    () => 'never share passwords over Slack',
    () => 'my password expired so IT sent a new login link',
    () => 'the password field should show a strength meter',
    () => 'the password is case-sensitive, which confused my dad',
    () => 'Password: changed after the phishing test',
    () => 'I need to set a new PIN for the card',
  ],
  keys_prose: [
    () => 'API keys live in Vault, never in the repo',
    () => 'we rotate the Stripe keys every quarter',
    () => 'the key to the shed is under the blue pot',
    () => 'my key takeaway from the talk: measure before optimising',
    () => 'the secret ingredient is smoked paprika',
    () => 'token limit for the summariser is 8192',
    (r) => `the primary key of the orders table is (tenant_id, order_id) since v${r.int(2, 9)}`,
    () => 'the OpenAI key rotation is on the ops calendar',
    () => 'Bearer authentication is required for every endpoint of the partner API',
    () => 'the AKIA prefix means a long-term AWS key, ASIA a temporary one',
    () => 'publishable keys start with pk_live and are safe in the browser',
    () => 'keyboard shortcut for the command palette is Ctrl+Shift+P',
    () => 'the JWT expiry is 1 hour and the refresh token lasts 30 days',
    () => 'we use scikit-learn, not the sk-learn fork',
    (r) => `secret santa budget is ${r.int(15, 50)} euros this year`,
    () => 'API key auth is fine for server-to-server, use OAuth for users',
  ],
  checksum: [
    (r) => `the checksum is ${r.chars(HEX, 64)}`,
    (r) => `sha256sum of the ubuntu iso: ${r.chars(HEX, 64)}`,
    (r) => `md5 of the backup is ${r.chars(HEX, 32)}`,
    (r) => `image digest sha256:${r.chars(HEX, 64)} is the one in prod`,
    (r) =>
      `the GPG key fingerprint is ${r
        .chars('0123456789ABCDEF', 40)
        .replace(/(.{4})/g, '$1 ')
        .trim()}`,
  ],
  version: [
    (r) => `upgraded node to ${version(r)} on the build box`,
    (r) => `${r.pick(TOOLS)} ${version(r)} broke the lockfile`,
    (r) => `pin ${r.pick(TOOLS).toLowerCase()} at ${version(r)} until the bug is fixed`,
    (r) => `firmware ${version(r)} fixed the bluetooth drop-outs`,
  ],
  colour: [
    (r) => `brand colour is #${r.chars(HEX, 6)}`,
    (r) => `use #${r.chars(HEX, 6).toUpperCase()} for the error banner and #${r.chars(HEX, 3)} for borders`,
    (r) =>
      `${r.pick(NAMES)} likes the dark theme with accent rgb(${r.int(0, 255)}, ${r.int(0, 255)}, ${r.int(0, 255)})`,
  ],
  base64_prose: [
    (r) =>
      `the favicon is inlined as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ${r.chars(BASE64, r.int(60, 120))}= in the html`,
    (r) =>
      `the config blob in the ticket decodes to JSON: ${Buffer.from(`{"theme":"${r.pick(['dark', 'light'])}"}`).toString('base64')}`,
  ],
  cloud_ids: [
    (r) => `the deploy role is arn:aws:iam::${r.chars(DIGITS, 12)}:role/github-deploy`,
    (r) => `AWS account ${r.chars(DIGITS, 12)} is the sandbox`,
    (r) => `logs go to s3://${r.pick(['acme', 'orbit'])}-logs-${r.chars(LOWER, 6)}/app/`,
    (r) => `the pod api-${r.chars(HEX, 9)}-${r.chars(LOWER, 5)} keeps restarting`,
    (r) => `GCP project ${r.pick(['acme', 'orbit'])}-prod-${r.chars(DIGITS, 6)} hosts the warehouse`,
    (r) => `Twilio account SID AC${r.chars(HEX, 32)} is the marketing one`,
    (r) => `the Azure tenant id is ${uuid(r)}`,
  ],
  everyday: [
    (r) => `${r.pick(NAMES)} is allergic to ${r.pick(FOODS)}`,
    (r) => `I prefer ${r.pick(FOODS)} over ${r.pick(FOODS)} for breakfast`,
    (r) => `moved to ${r.pick(CITIES)} in ${r.int(2015, 2025)}`,
    (r) =>
      `${r.pick(NAMES)}'s birthday is on the ${r.int(1, 28)}th of ${r.pick(['March', 'June', 'October'])}`,
    (r) =>
      `the team standup is at ${r.int(8, 11)}:${r.pick(['00', '15', '30'])} ${r.pick(['CET', 'UTC', 'PT'])}`,
    (r) => `prefers ${r.pick(TOOLS)} over ${r.pick(TOOLS)} for new projects`,
    (r) =>
      `paid ${r.int(1, 9)},${r.chars(DIGITS, 3)}.${r.chars(DIGITS, 2)} for the new laptop on ${r.int(1, 28)}/${r.int(1, 12)}/${r.int(2022, 2025)}`,
    (r) =>
      `the flight ${r.pick(['TP', 'LH', 'BA'])}${r.int(100, 1999)} to ${r.pick(CITIES)} departs at ${r.int(6, 22)}:${r.pick(['05', '40'])}`,
    (r) => `decided to use ${r.pick(TOOLS)} for the migration after the spike`,
    (r) => `${r.pick(NAMES)} is on leave until ${r.int(1, 28)} ${r.pick(['May', 'July', 'December'])}`,
    (r) => `the office door code changes monthly; ask ${r.pick(NAMES)}`,
    (r) =>
      `the car's plate is ${r.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}-${r.chars(DIGITS, 2)}-${r.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}`,
  ],
};

/** `count` generated benign memories spread evenly over the categories above. */
export function generateBenignCases(rng: Rng, count: number): BenignCase[] {
  const categories = Object.entries(MAKERS);
  const cases: BenignCase[] = [];
  for (let i = 0; i < count; i++) {
    const [category, makers] = categories[i % categories.length] as [string, readonly Maker[]];
    cases.push({ id: `${category}#${i}`, origin: 'generated', category, text: rng.pick(makers)(rng) });
  }
  return cases;
}
