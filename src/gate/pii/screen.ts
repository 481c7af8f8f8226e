// Applies the PII policy to one memory: finds identifiers in every scanned field, decides per identifier
// (reject, redact, allow; an e-mail plus a phone anywhere in the memory is a contact record), and returns
// the rejection reasons or the redacted field values, which are what the caller stores.
import type { MemoryInput } from '../../contract/index.ts';
import { otherViews } from '../detection-views.ts';
import { type FieldValue, type ScannedField, scannedValues } from '../fields.ts';
import {
  type GateReason,
  PII_REJECTION_CODES,
  type PiiClass,
  type PiiRedactionFlag,
  piiMessage,
} from '../reason-codes.ts';
import { detectPii, type PiiFinding } from './index.ts';
import type { PiiAction, ResolvedPiiPolicy } from './policy.ts';

/** One identifier the policy redacted: where, and why (a contact record, or the identifier's own class). */
export interface PiiRedaction {
  field: ScannedField;
  class: PiiClass;
}

/** The fields other than content and trigger, as they must be stored, for the fields that were redacted. */
export interface RedactedFields {
  key?: string;
  facet?: string;
  tags?: string[];
  source?: NonNullable<MemoryInput['source']>;
  metadata?: Record<string, unknown>;
}

export interface PiiScreenOptions {
  policy: ResolvedPiiPolicy;
  /** True when the caller stores `redactedFields`; otherwise a redaction outside content and trigger rejects. */
  storesRedactedFields: boolean;
  /** The content's other views (detection-views.ts) when the caller has them; computed here otherwise. */
  contentViews?: readonly string[];
}

export interface PiiScreen {
  reasons: GateReason[];
  redactions: PiiRedaction[];
  flags: PiiRedactionFlag[];
  content: string;
  trigger: string | undefined;
  redactedFields: RedactedFields;
}

type TextMap = (text: string, label: string | undefined) => string;

/** Applies `map` to every string a field holds; metadata keys and values alike, numbers read as text. */
function mapStrings(value: FieldValue, map: TextMap, label?: string): FieldValue {
  if (typeof value === 'string') return map(value, label);
  if (Array.isArray(value)) return value.map((item) => map(item, label));
  return mapJson(value, map) as Record<string, unknown>;
}

function mapJson(value: unknown, map: TextMap, label?: string): unknown {
  if (typeof value === 'string') return map(value, label);
  if (typeof value === 'number') {
    const text = String(value);
    const mapped = map(text, label);
    return mapped === text ? value : mapped;
  }
  if (Array.isArray(value)) return value.map((item) => mapJson(item, map, label));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    let newKey = map(key, undefined);
    // Two keys redacted to the same placeholder must not overwrite each other.
    for (let n = 2; newKey in out; n++) newKey = `${map(key, undefined)} ${n}`;
    out[newKey] = mapJson(item, map, key);
  }
  return out;
}

/** Identifiers in a text; a metadata value is read after its key, so {"ssn": "536228741"} is labelled. */
function findingsIn(text: string, label: string | undefined): PiiFinding[] {
  if (label === undefined) return detectPii(text);
  const prefix = `${label}: `;
  return detectPii(prefix + text)
    .filter((f) => f.start >= prefix.length)
    .map((f) => ({ ...f, start: f.start - prefix.length, end: f.end - prefix.length }));
}

const RANK: Record<PiiAction, number> = { allow: 0, redact: 1, reject: 2 };

function decide(cls: PiiClass, policy: ResolvedPiiPolicy, contactRecord: boolean) {
  const own = policy[cls];
  if (contactRecord && (cls === 'email' || cls === 'phone') && RANK[policy.contact_record] >= RANK[own]) {
    return { action: policy.contact_record, reason: 'contact_record' as const };
  }
  return { action: own, reason: cls };
}

function redact(text: string, findings: PiiFinding[]): string {
  let out = '';
  let at = 0;
  for (const f of findings) {
    out += `${text.slice(at, f.start)}[${f.class}]`;
    at = f.end;
  }
  return out + text.slice(at);
}

/** Screens one memory (content and trigger already normalised) against the PII policy. */
export function screenPii(
  input: MemoryInput,
  content: string,
  trigger: string | undefined,
  options: PiiScreenOptions,
): PiiScreen {
  const fields = scannedValues(input, content, trigger);
  const found: { field: ScannedField; cls: PiiClass }[] = [];
  for (const [field, value] of fields) {
    mapStrings(value, (text, label) => {
      for (const f of findingsIn(text, label)) found.push({ field, cls: f.class });
      // Numbers said aloud ("my social security number is five seven five ...") or written in another script
      // ("٥٥٠-٩٧٣٥٢٩-٥"), and a table's cells as sent: only an identifier the policy rejects counts there, since a
      // redaction needs its place in the text as written.
      const views =
        field === 'content' ? (options.contentViews ?? otherViews(text, input.content)) : otherViews(text);
      for (const view of views)
        for (const f of findingsIn(view, label))
          if (options.policy[f.class] === 'reject') found.push({ field, cls: f.class });
      return text;
    });
  }
  const unchanged: PiiScreen = {
    reasons: [],
    redactions: [],
    flags: [],
    content,
    trigger,
    redactedFields: {},
  };
  if (found.length === 0) return unchanged;

  const classes = new Set(found.map((f) => f.cls));
  const contactRecord = classes.has('email') && classes.has('phone');
  const reasons: GateReason[] = [];
  const redactions: PiiRedaction[] = [];
  const seen = new Set<string>();
  for (const { field, cls } of found) {
    const { action, reason } = decide(cls, options.policy, contactRecord);
    if (action === 'allow') continue;
    const id = `${field}:${reason}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const textField = field === 'content' || field === 'trigger';
    if (action === 'reject' || !(textField || options.storesRedactedFields)) {
      const why = action === 'reject' ? 'policy' : 'field';
      reasons.push({ code: PII_REJECTION_CODES[reason], message: piiMessage(reason, field, why) });
    } else {
      redactions.push({ field, class: reason });
    }
  }
  if (reasons.length > 0) return { ...unchanged, reasons };
  if (redactions.length === 0) return unchanged;

  const redacted: Partial<Record<ScannedField, FieldValue>> = {};
  const redactedIn = new Set(redactions.map((r) => r.field));
  for (const [field, value] of fields) {
    if (!redactedIn.has(field)) continue;
    redacted[field] = mapStrings(value, (text, label) =>
      redact(
        text,
        findingsIn(text, label).filter(
          (f) => decide(f.class, options.policy, contactRecord).action === 'redact',
        ),
      ),
    );
  }
  const redactedFields: RedactedFields = {};
  if (redacted.key !== undefined) redactedFields.key = redacted.key as string;
  if (redacted.facet !== undefined) redactedFields.facet = redacted.facet as string;
  if (redacted.tags !== undefined) redactedFields.tags = [...(redacted.tags as string[])];
  if (redacted.metadata !== undefined) redactedFields.metadata = redacted.metadata as Record<string, unknown>;
  if (input.source && (redacted['source.uri'] !== undefined || redacted['source.id'] !== undefined)) {
    redactedFields.source = {
      ...input.source,
      ...(redacted['source.uri'] === undefined ? {} : { uri: redacted['source.uri'] as string }),
      ...(redacted['source.id'] === undefined ? {} : { id: redacted['source.id'] as string }),
    };
  }
  return {
    reasons: [],
    redactions,
    flags: [...new Set(redactions.map((r) => `pii_redacted:${r.class}` as const))],
    content: (redacted.content as string | undefined) ?? content,
    trigger: (redacted.trigger as string | undefined) ?? trigger,
    redactedFields,
  };
}
