// The memory itself: what a caller writes (MemoryInput) and what the API answers (Memory), with the fields they
// are built from. The base of every other contract schema; types come from z.infer, never written twice.
import { z } from 'zod';

export const MEMORY_KINDS = ['preference', 'fact', 'decision', 'episode', 'constraint', 'rule'] as const;
export const SOURCE_TYPES = ['user', 'app', 'model', 'external', 'system'] as const;
export const POLARITIES = ['prefer', 'avoid', 'neutral'] as const;
export const EMBEDDING_STATUSES = ['ready', 'pending', 'failed'] as const;
export const RECALL_MODES = ['hybrid', 'vector', 'lexical'] as const;

export const MAX_CONTENT_CHARS = 8000;

export const MemoryKindSchema = z.enum(MEMORY_KINDS);
export const SourceTypeSchema = z.enum(SOURCE_TYPES);
export const PolaritySchema = z.enum(POLARITIES);
export const RecallModeSchema = z.enum(RECALL_MODES);

/**
 * No control character (Unicode Cc: U+0000-U+001F, U+007F-U+009F), written as explicit ranges without the `u`
 * flag: the OpenAPI document carries the regex's source as its `pattern`, and `\p{Cc}` means nothing there
 * (JSON Schema patterns have no flags, so the old pattern matched no string a validator would accept as meant).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]+$/;

/**
 * A subject names whose memory this is (a user, an agent, a project). Free text, but bounded and without
 * control characters; it is always compared for equality, never with LIKE, so wildcards carry no meaning.
 */
export const SubjectSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

export const TagSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters');

export const SourceSchema = z.object({
  type: SourceTypeSchema,
  uri: z.string().max(2000).optional(),
  id: z.string().max(200).optional(),
  session: z.string().max(200).optional(),
});

export const MetadataSchema = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => JSON.stringify(value).length <= 16_000,
    'metadata must serialise to at most 16000 chars',
  );

export const IsoDateSchema = z.iso.datetime({ offset: true });

/** A BCP 47-style language tag as memories and recalls carry it (`en`, `pt-BR`). */
export const LanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language tag such as en or pt-BR');

/** An expiry is given one way, a lifetime or a date: the refinement remember and replace share. */
export const oneExpiry = {
  check: (m: { ttl_seconds?: number | undefined; expires_at?: string | undefined }) =>
    !(m.ttl_seconds !== undefined && m.expires_at !== undefined),
  params: { message: 'give ttl_seconds or expires_at, not both', path: ['expires_at'] },
};

export const MemoryInputSchema = z
  .object({
    subject: SubjectSchema,
    content: z.string().min(1).max(MAX_CONTENT_CHARS),
    kind: MemoryKindSchema,
    tags: z.array(TagSchema).max(32).optional(),
    importance: z.number().min(0).max(1).optional(),
    confidence: z.number().min(0).max(1).optional(),
    source: SourceSchema.optional(),
    key: z.string().min(1).max(200).optional(),
    facet: z.string().min(1).max(200).optional(),
    polarity: PolaritySchema.optional(),
    trigger: z.string().min(1).max(500).optional(),
    ttl_seconds: z
      .number()
      .int()
      .positive()
      .max(10 * 365 * 24 * 3600)
      .optional(),
    expires_at: IsoDateSchema.optional(),
    valid_from: IsoDateSchema.optional(),
    metadata: MetadataSchema.optional(),
    language: LanguageSchema.optional(),
  })
  .strict()
  .refine(oneExpiry.check, oneExpiry.params)
  .refine((m) => m.kind !== 'rule' || m.trigger !== undefined, {
    message: 'a rule needs a trigger',
    path: ['trigger'],
  });

export type MemoryInput = z.infer<typeof MemoryInputSchema>;

export const MemorySchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  kind: MemoryKindSchema,
  content: z.string(),
  tags: z.array(z.string()),
  importance: z.number(),
  trust: z.number().int().min(0).max(3),
  confidence: z.number(),
  source: SourceSchema,
  key: z.string().nullable().optional(),
  facet: z.string().nullable().optional(),
  polarity: PolaritySchema.nullable().optional(),
  trigger: z.string().nullable().optional(),
  language: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  valid_from: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  revoked_at: z.string().nullable().optional(),
  revoked_reason: z.string().nullable().optional(),
  supersedes: z.uuid().nullable().optional(),
  superseded_by: z.uuid().nullable().optional(),
  embedding: z.object({ model: z.string().nullable(), status: z.enum(EMBEDDING_STATUSES) }),
  metadata: z.record(z.string(), z.unknown()),
  last_recalled_at: z.string().nullable().optional(),
  recall_count: z.number().int().optional(),
});

export type Memory = z.infer<typeof MemorySchema>;
export type MemoryKind = z.infer<typeof MemoryKindSchema>;
export type SourceType = z.infer<typeof SourceTypeSchema>;
export type Polarity = z.infer<typeof PolaritySchema>;
export type RecallMode = z.infer<typeof RecallModeSchema>;
