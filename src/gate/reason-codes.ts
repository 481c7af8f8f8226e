// The closed sets of codes the write gate emits: rejection reasons and acceptance flags, listed for metrics.

/** One code per kind of secret or credential the gate refuses to store. */
export const SECRET_CODES = [
  'secret.private_key',
  'secret.aws_access_key',
  'secret.aws_secret_key',
  'secret.gcp_service_account',
  'secret.github_token',
  'secret.slack_token',
  'secret.stripe_key',
  'secret.openai_key',
  'secret.anthropic_key',
  'secret.google_api_key',
  'secret.jwt',
  'secret.password',
  'secret.card_number',
  'secret.connection_string',
  'secret.bearer_token',
  'secret.azure_key',
  'secret.twilio',
  'secret.sendgrid',
  'secret.npm_token',
  'secret.telegram_bot_token',
  'secret.vendor_token',
  'secret.docker_auth',
  'secret.one_time_code',
  'secret.access_code',
  'secret.passphrase',
  'secret.seed_phrase',
  'secret.wallet_key',
  'secret.generic_high_entropy',
] as const;

/**
 * Classes of personal identifier the PII policy decides on, one by one (see pii/policy.ts). A card number is
 * both a secret and an identifier: it is decided here, and rejected under its historical code secret.card_number.
 */
export const PII_CLASSES = [
  'ssn',
  'cpf',
  'national_id',
  'passport',
  'card_number',
  'iban',
  'email',
  'phone',
  'contact_record',
] as const;
export type PiiClass = (typeof PII_CLASSES)[number];

/** The rejection code of each identifier class, when the policy rejects it. */
export const PII_REJECTION_CODES = {
  ssn: 'pii.ssn',
  cpf: 'pii.cpf',
  national_id: 'pii.national_id',
  passport: 'pii.passport',
  card_number: 'secret.card_number',
  iban: 'pii.iban',
  email: 'pii.email',
  phone: 'pii.phone',
  contact_record: 'pii.contact_record',
} as const satisfies Record<PiiClass, string>;

/** Identifier rejections other than the card number, which keeps its secret.card_number code. */
export const PII_CODES = [
  'pii.ssn',
  'pii.cpf',
  'pii.national_id',
  'pii.passport',
  'pii.iban',
  'pii.email',
  'pii.phone',
  'pii.contact_record',
] as const;

/** The flag an accepted write carries for each identifier class the policy redacted. */
export const PII_REDACTION_FLAGS = PII_CLASSES.map((c) => `pii_redacted:${c}` as const);
export type PiiRedactionFlag = `pii_redacted:${PiiClass}`;

/** Rejections that are about the shape of the write, not about secrets. */
export const VALIDATION_CODES = [
  'content.empty',
  'content.too_long',
  'kind.rule_without_trigger',
  'retention.already_expired',
  'retention.invalid_window',
] as const;

/** Every code a rejected write can carry; a stable list so counters can be pre-registered at zero. */
export const GATE_REASON_CODES = [...VALIDATION_CODES, ...SECRET_CODES, ...PII_CODES] as const;

/** Flags an accepted write can carry: warnings and adjustments, never reasons to refuse. */
export const GATE_FLAGS = [
  'content.normalized',
  'source.defaulted',
  'trust.capped',
  'injection.suspected',
  'kind.trigger_without_rule',
  'kind.polarity_without_facet',
  'kind.facet_without_polarity',
  ...PII_REDACTION_FLAGS,
] as const;

export type SecretCode = (typeof SECRET_CODES)[number];
export type ValidationCode = (typeof VALIDATION_CODES)[number];
export type PiiCode = (typeof PII_CODES)[number];
export type GateReasonCode = (typeof GATE_REASON_CODES)[number];
/** A code naming what was found: a secret kind or an identifier's rejection code (the corpus labels cases so). */
export type DetectionCode = SecretCode | PiiCode;
/** Every detection code, secrets first. */
export const DETECTION_CODES: readonly DetectionCode[] = [...SECRET_CODES, ...PII_CODES];
export type GateFlag = (typeof GATE_FLAGS)[number];

/** What a rejection tells the caller: the kind of problem, never the offending value. */
export interface GateReason {
  code: GateReasonCode;
  message: string;
}

const SECRET_LABELS: Record<SecretCode, string> = {
  'secret.private_key': 'a private key block',
  'secret.aws_access_key': 'an AWS access key id',
  'secret.aws_secret_key': 'an AWS secret access key',
  'secret.gcp_service_account': 'a Google Cloud service account key',
  'secret.github_token': 'a GitHub token',
  'secret.slack_token': 'a Slack token or webhook URL',
  'secret.stripe_key': 'a Stripe secret key',
  'secret.openai_key': 'an OpenAI API key',
  'secret.anthropic_key': 'an Anthropic API key',
  'secret.google_api_key': 'a Google API key',
  'secret.jwt': 'a JSON Web Token',
  'secret.password': 'a password value',
  'secret.card_number': 'a payment card number',
  'secret.connection_string': 'a connection string with a password',
  'secret.bearer_token': 'an HTTP authorization credential',
  'secret.azure_key': 'an Azure key or signature',
  'secret.twilio': 'a Twilio credential',
  'secret.sendgrid': 'a SendGrid API key',
  'secret.npm_token': 'an npm token',
  'secret.telegram_bot_token': 'a Telegram bot token',
  'secret.vendor_token': 'a service API token recognised by its prefix or shape',
  'secret.docker_auth': 'a container registry credential',
  'secret.one_time_code': 'a one-time or verification code',
  'secret.access_code': 'an alarm, door, gate, safe or lock code',
  'secret.passphrase': 'a passphrase',
  'secret.seed_phrase': 'a wallet recovery (seed) phrase',
  'secret.wallet_key': 'a cryptocurrency wallet private key',
  'secret.generic_high_entropy': 'a high-entropy token labelled as a key, token or secret',
};

/**
 * The message for a secret finding. It names the kind and the field only: echoing the value would copy the
 * secret into responses, logs and audit events, which is what the gate exists to prevent.
 */
export function secretMessage(code: SecretCode, field: string): string {
  return `${field} contains what looks like ${SECRET_LABELS[code]}; store a reference to where it is kept instead`;
}

const PII_LABELS: Record<PiiClass, string> = {
  ssn: 'a US social security number',
  cpf: 'a Brazilian CPF number',
  national_id: 'a national identity, tax or licence number',
  passport: 'a passport number',
  card_number: 'a payment card number',
  iban: 'a bank account number (IBAN)',
  email: 'an e-mail address',
  phone: 'a phone number',
  contact_record: 'an e-mail address and a phone number together (a contact record)',
};

/**
 * The message for an identifier the gate refused: the class and the field, never the value. `why` says
 * whether the tenant's policy rejects the class, or would redact it in a field this caller cannot store
 * redacted (so storing it as sent is the only other outcome, which the gate refuses).
 */
export function piiMessage(cls: PiiClass, field: string, why: 'policy' | 'field'): string {
  const reason =
    why === 'policy'
      ? "the tenant's PII policy rejects it"
      : 'the policy redacts it, which this write path supports in content and trigger only';
  return `${field} contains what looks like ${PII_LABELS[cls]}; ${reason}`;
}
