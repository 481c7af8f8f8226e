// The PII policy: what the gate does with each class of personal identifier, reject the write or store it with
// the identifier replaced by a typed placeholder ("[ssn]"). Stored as JSON on a tenant and validated by
// PiiPolicySchema; classes a policy leaves out take the defaults.
import { z } from 'zod';
import type { PiiClass } from '../reason-codes.ts';

/** Government ids, cards, bank accounts and contact records are never stored as sent: reject or redact. */
const ProtectedActionSchema = z.enum(['reject', 'redact']);
/** An e-mail address or a phone number alone is ordinary content; a tenant may still redact or reject it. */
const ContactActionSchema = z.enum(['allow', 'redact', 'reject']);

export const PiiPolicySchema = z
  .object({
    ssn: ProtectedActionSchema,
    cpf: ProtectedActionSchema,
    national_id: ProtectedActionSchema,
    passport: ProtectedActionSchema,
    card_number: ProtectedActionSchema,
    iban: ProtectedActionSchema,
    contact_record: ProtectedActionSchema,
    email: ContactActionSchema,
    phone: ContactActionSchema,
  })
  .partial()
  .strict();

export type PiiPolicy = z.infer<typeof PiiPolicySchema>;
export type PiiAction = 'allow' | 'redact' | 'reject';
export type ResolvedPiiPolicy = Readonly<Record<PiiClass, PiiAction>>;

/**
 * The defaults. Government ids, card numbers and bank accounts are rejected: a memory store is not where
 * they belong, and the caller learns at once. A contact record (an e-mail address and a phone number in one
 * memory) is redacted: it must not be stored as sent, but the rest of the memory ("Ana is our landlord")
 * is worth keeping. A lone e-mail address or phone number is allowed: "call the dentist at ..." is what
 * people ask an assistant to remember, and redacting it would make the memory useless.
 */
export const DEFAULT_PII_POLICY: ResolvedPiiPolicy = {
  ssn: 'reject',
  cpf: 'reject',
  national_id: 'reject',
  passport: 'reject',
  card_number: 'reject',
  iban: 'reject',
  contact_record: 'redact',
  email: 'allow',
  phone: 'allow',
};

/** The policy with the defaults filled in for every class it leaves out. */
export function resolvePiiPolicy(policy: PiiPolicy = {}): ResolvedPiiPolicy {
  const resolved: Record<PiiClass, PiiAction> = { ...DEFAULT_PII_POLICY };
  for (const [cls, action] of Object.entries(policy) as [PiiClass, PiiAction | undefined][]) {
    if (action !== undefined) resolved[cls] = action;
  }
  return resolved;
}
