// The held-out sets written by separate sessions that were told what the gate must refuse and accept but never saw
// the detectors, this corpus or its reports (the first two sets were written by the engineers who wrote the
// detectors). Each was measured once before any change it prompted (scripts/gate-report.ts records those first
// runs); the misses it showed then prompted general readings, so from then on it is no longer unseen text.
// - third (2026-12-02): 119 secrets and identifiers and 110 benign look-alikes in 18 languages, mostly end users
//   in chat. Eleven lone e-mail addresses and phone numbers the session wrote were left out: the default policy
//   stores them (a tenant may redact or reject them).
// - fourth (2026-12-02): 120 and 120, most secrets from agents and developers (tool-call summaries, terminal
//   output, config files, forwarded messages), the benign ones mostly technical (hashes, digests, public keys,
//   placeholders, documentation examples). One benign case, AWS's documented EXAMPLE keys, was taken out after
//   the first run: the gate refuses them on purpose (people and test suites paste them for real keys), and the
//   set's author had flagged the case as ambiguous before it ran.
// - fifth (2026-12-02): 110 and 110, most phrased as an extractor or an agent stores memories (third person,
//   JSON memory objects, bullet lists of facts, summaries of a turn), in 22 languages.
// - sixth (2026-12-02): 70 and 70 from other channels: voice transcripts (numbers said as words), OCR, form
//   submissions and CRM notes, reminders, mixed-language messages.
// - seventh (2026-12-02): 100 and 100 from end users of consumer chat apps (support chats, family chats, bookings,
//   health portals, HR, deliveries, crypto) in 19 languages, 84 of the benign ones deliberate look-alikes (order
//   and tracking numbers, last four digits of a card, promo codes, "the code will be texted to me").
// - eighth (2026-12-02): 100 and 100 from coding and ops agents (config and env files, CLI commands, code, CI logs,
//   exports) with current vendor token formats; the benign ones hashes, public keys, placeholders, ARNs, test cards.
// - ninth (2026-12-02): 80 and 80 longer texts (250-1,500 characters: e-mails with signatures and quoted replies,
//   forwarded notifications, meeting notes, helpdesk tickets, itineraries) in 22 languages, each secret buried
//   among ordinary numbers (dates, amounts, booking and order references).
// - thirteenth (2026-12-03): 100 and 100 quick phone messages (teenagers, gamers, older adults, non-native
//   speakers) from Africa, the Middle East, East and Southeast Asia, Latin America and Eastern Europe in 23
//   languages: slang, code-switching, spaced or split values, values given as replies. Three labels were corrected
//   before its first run: a Telegram bot token, a Stripe key and an OpenAI key the author had labelled as generic
//   vendor tokens (the gate names each by its own code).
// - fourteenth (2026-12-03): 100 and 100 about households, shared accounts and travel in 35 languages of Northern,
//   Central and Eastern Europe and South Asia. One label was corrected before its first run: a SendGrid key the
//   author had labelled as a generic vendor token.
// - fifteenth (2026-12-03): 100 and 100 from work assistants (HR and payroll, IT helpdesk, SaaS tokens, finance) in
//   24 languages, as chat, tickets, e-mails and config snippets.
// - sixteenth (2026-12-03): 100 and 100 about smart homes, devices, cars and mobile money in 27 languages. Two labels
//   were corrected before its first run (a Telegram bot token and a JWT labelled as vendor tokens); after it, 20 PINs
//   of wallets, cards, SIMs and apps that its brief had called access codes were relabelled passwords, the code the
//   gate gives a PIN (the caught count does not depend on the code).
// - seventeenth (2026-12-03): 100 and 100 in 39 languages, a third of the secrets harder than "label: value" (a long
//   clause before the value, the value in a later sentence or line, quoted replies, forwarded SMS, .env and table
//   blocks, values partly spelled out), the benign ones hard look-alikes (postal PIN codes, masked cards, placeholders,
//   order and booking numbers, public keys). No label was changed.
// - eighteenth (2026-12-03): 100 and 100 from other channels than typing (dictation with digits said as words and
//   separators said aloud, OCR of cards, ID cards and letters, pasted e-mails, vCard, iCal and CSV fields) in 36
//   languages, many of Central Asia, the Caucasus, the Balkans, the Baltics and the Pacific. No label was changed.
// - nineteenth (2026-12-04): 100 and 100 from the mainstream of what a memory service receives (60 of each in
//   English, the rest in 13 widely spoken languages): "remember that..." in chat, extractor memories and JSON
//   memory objects, coding agents' commands, logs and config, copied SMS, bank, HR and landlord messages, forms; a
//   third of the secrets harder than "label: value"; 64 of the benign ones deliberate look-alikes. No label was
//   changed.
// - twentieth (2026-12-04): 100 and 100 that personal assistants and customer-support agents store about people
//   (a family's school portals, utilities, streaming, travel; support case notes in shorthand), 55 of each in
//   English and the rest in 15 languages; 45 of the secrets harder than "label: value", 67 benign look-alikes. No
//   label was changed.
// - twenty-first (2026-12-04): 100 and 100 that people paste into agents acting for them (travel, smart homes and
//   IoT, family admin, small shops, HR and tax forms, medical portals, crypto, games, rentals, developer side
//   projects), 50 of each in English and the rest in 14 languages; a third of the secrets hard (value before its
//   label, spaced or dashed codes, keypad symbols, mixed scripts). No label was changed.
// - twenty-second (2026-12-04): 100 and 100 of everyday "remember this" messages, 55 of each in English and the
//   rest in 20 languages, phrased as people chat (labels before and after values, none at all, values split by
//   spaces or dashes, in quotes or brackets, lower case), national identifiers of 12 countries with valid check
//   digits; the benign ones hard negatives (commit hashes, tickets, ISBNs, booking codes, codes mentioned but not
//   given). Two label names the writer guessed were mapped to the gate's (secret.otp -> secret.one_time_code,
//   pii.card_number -> secret.card_number); no label was otherwise changed.
// - twenty-third (2026-12-04): 100 and 100 pasted from other apps (OCR with odd spacing and garbled labels, e-mails
//   and SMS with headers, CSV rows, JSON, YAML, .env files, password-manager exports, letters, dictated codes spelled
//   as words), 49 and 50 in English and the rest in 20 languages. No label was changed.
// The secrets' texts are base64 so that no complete credential literal sits in the repository; every value is fake.
import { readFileSync } from 'node:fs';
import type { DetectionCode } from '../../../src/gate/index.ts';
import type { BenignCase } from './benign-cases.ts';
import type { CaseOrigin, SecretCase } from './secret-cases.ts';

interface IndependentSet {
  secrets: { expected: DetectionCode; language: string; text_base64: string }[];
  benign: { language: string; text: string }[];
}

const SETS = [
  { file: 'held-out-third.json', origin: 'held-out-third', prefix: 'held3' },
  { file: 'held-out-fourth.json', origin: 'held-out-fourth', prefix: 'held4' },
  { file: 'held-out-fifth.json', origin: 'held-out-fifth', prefix: 'held5' },
  { file: 'held-out-sixth.json', origin: 'held-out-sixth', prefix: 'held6' },
  { file: 'held-out-seventh.json', origin: 'held-out-seventh', prefix: 'held7' },
  { file: 'held-out-eighth.json', origin: 'held-out-eighth', prefix: 'held8' },
  { file: 'held-out-ninth.json', origin: 'held-out-ninth', prefix: 'held9' },
  { file: 'held-out-tenth.json', origin: 'held-out-tenth', prefix: 'held10' },
  { file: 'held-out-eleventh.json', origin: 'held-out-eleventh', prefix: 'held11' },
  { file: 'held-out-twelfth.json', origin: 'held-out-twelfth', prefix: 'held12' },
  { file: 'held-out-thirteenth.json', origin: 'held-out-thirteenth', prefix: 'held13' },
  { file: 'held-out-fourteenth.json', origin: 'held-out-fourteenth', prefix: 'held14' },
  { file: 'held-out-fifteenth.json', origin: 'held-out-fifteenth', prefix: 'held15' },
  { file: 'held-out-sixteenth.json', origin: 'held-out-sixteenth', prefix: 'held16' },
  { file: 'held-out-seventeenth.json', origin: 'held-out-seventeenth', prefix: 'held17' },
  { file: 'held-out-eighteenth.json', origin: 'held-out-eighteenth', prefix: 'held18' },
  { file: 'held-out-nineteenth.json', origin: 'held-out-nineteenth', prefix: 'held19' },
  { file: 'held-out-twentieth.json', origin: 'held-out-twentieth', prefix: 'held20' },
  { file: 'held-out-twenty-first.json', origin: 'held-out-twenty-first', prefix: 'held21' },
  { file: 'held-out-twenty-second.json', origin: 'held-out-twenty-second', prefix: 'held22' },
  { file: 'held-out-twenty-third.json', origin: 'held-out-twenty-third', prefix: 'held23' },
] as const satisfies readonly { file: string; origin: CaseOrigin; prefix: string }[];

function read(file: string): IndependentSet {
  return JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as IndependentSet;
}

/** The independent sets' secret and identifier cases. */
export function independentSecrets(): SecretCase[] {
  return SETS.flatMap(({ file, origin, prefix }) =>
    read(file).secrets.map((s, i) => ({
      id: `${prefix}:${s.expected}#${i}`,
      origin,
      expected: s.expected,
      language: s.language,
      text: Buffer.from(s.text_base64, 'base64').toString('utf8'),
    })),
  );
}

/** The independent sets' benign memories. */
export function independentBenign(): BenignCase[] {
  return SETS.flatMap(({ file, origin, prefix }) =>
    read(file).benign.map((b, i) => ({
      id: `${prefix}:${b.language}#${i}`,
      origin,
      category: origin.replace(/-/g, '_'),
      language: b.language,
      text: b.text,
    })),
  );
}
