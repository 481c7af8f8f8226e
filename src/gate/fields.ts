// Every field of a memory a secret or a personal identifier could hide in, and how each is read as text: a
// credential or an SSN in a tag, a source URI or metadata is stored and returned just like one in the content.
import type { MemoryInput } from '../contract/index.ts';

export const SCANNED_FIELDS = [
  'content',
  'trigger',
  'key',
  'facet',
  'tags',
  'source.uri',
  'source.id',
  'metadata',
] as const;
export type ScannedField = (typeof SCANNED_FIELDS)[number];

/** A field's value: a string, the tag list, or the metadata object. */
export type FieldValue = string | readonly string[] | Record<string, unknown>;

/** The scanned fields that are present and not empty, content and trigger as the gate normalised them. */
export function scannedValues(
  input: MemoryInput,
  content: string,
  trigger: string | undefined,
): [ScannedField, FieldValue][] {
  const fields: [ScannedField, FieldValue | undefined][] = [
    ['content', content],
    ['trigger', trigger],
    ['key', input.key],
    ['facet', input.facet],
    ['tags', input.tags],
    ['source.uri', input.source?.uri],
    ['source.id', input.source?.id],
    ['metadata', input.metadata],
  ];
  return fields.filter(
    (field): field is [ScannedField, FieldValue] => field[1] !== undefined && fieldText(field[1]).length > 0,
  );
}

/** A field as one text: tags one per line, metadata as its JSON. */
export function fieldText(value: FieldValue): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join('\n') : JSON.stringify(value);
}
