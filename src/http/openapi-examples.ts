// Example payloads for the OpenAPI document (/openapi.json, rendered at /docs): one realistic request and answer
// per operation. Typed by the contract's types, so an example that drifts from its schema fails the type check.
import type { z } from 'zod';
import type {
  AuditResponse,
  BatchResponse,
  CreateTenantResponse,
  FeedbackResponse,
  IngestRequest,
  IngestResponse,
  JsonRpcSchema,
  ListResponse,
  Memory,
  MemoryInput,
  MemoryWithChain,
  RecallRequest,
  RecallResponse,
  RememberResponse,
  ReplaceInput,
  ReplaceResponse,
  RevokedKey,
  SubjectErasure,
  TenantErasure,
} from '../contract/index.ts';

type JsonRpc = z.input<typeof JsonRpcSchema>;

const MEMORY_ID = '3f1c2a9e-5b7d-4c1e-9a2f-6d8b0e4c7a11';
const NEWER_ID = '8a4e6b2c-1d3f-4e5a-b7c9-0f2e4d6a8b13';
const RECALL_ID = 'c5d7e9f1-2a4b-4c6d-8e0f-1a3b5c7d9e21';

export const memoryInputExample: MemoryInput = {
  subject: 'user-42',
  content: 'Prefers window seats on long flights.',
  kind: 'preference',
  tags: ['travel'],
  importance: 0.6,
  source: { type: 'user', session: 'chat-2026-11-30' },
  facet: 'seat',
  polarity: 'prefer',
};

export const memoryExample: Memory = {
  id: MEMORY_ID,
  subject: 'user-42',
  kind: 'preference',
  content: 'Prefers window seats on long flights.',
  tags: ['travel'],
  importance: 0.6,
  trust: 2,
  confidence: 0.9,
  source: { type: 'user', session: 'chat-2026-11-30' },
  key: null,
  facet: 'seat',
  polarity: 'prefer',
  trigger: null,
  language: 'en',
  created_at: '2026-11-30T09:12:44.120Z',
  updated_at: '2026-11-30T09:12:44.120Z',
  valid_from: null,
  expires_at: null,
  revoked_at: null,
  revoked_reason: null,
  supersedes: null,
  superseded_by: null,
  embedding: { model: 'text-embedding-3-small', status: 'ready' },
  metadata: {},
  last_recalled_at: '2026-12-01T08:03:10.500Z',
  recall_count: 3,
};

export const rememberResponseExample: RememberResponse = {
  memory: memoryExample,
  gate: { decision: 'accepted', trust: 2, flags: [], superseded: [] },
};

export const batchRequestExample = {
  items: [
    memoryInputExample,
    { subject: 'user-42', content: 'Is allergic to peanuts.', kind: 'fact', importance: 0.9 },
  ],
} satisfies { items: MemoryInput[] };

export const batchResponseExample: BatchResponse = {
  results: [
    { status: 201, ...rememberResponseExample },
    {
      status: 422,
      error: {
        code: 'rejected_by_gate',
        message: 'rejected by the write gate',
        details: { reasons: [{ code: 'secret.vendor_token', message: 'a vendor API token' }] },
      },
    },
  ],
};

export const listResponseExample: ListResponse = { items: [memoryExample], next_cursor: null };

export const memoryWithChainExample: MemoryWithChain = {
  ...memoryExample,
  chain: { older: [], newer: [] },
};

export const revokeBodyExample = { reason: 'the user asked to forget it' };

export const revokeResponseExample = {
  memory: {
    ...memoryExample,
    revoked_at: '2026-12-01T10:00:00.000Z',
    revoked_reason: 'the user asked to forget it',
  },
} satisfies { memory: Memory };

export const recallRequestExample: RecallRequest = {
  subject: 'user-42',
  query: 'Book a flight to Lisbon for next week',
  limit: 5,
  budget: { max_total_chars: 2000 },
  explain: false,
};

export const recallResponseExample: RecallResponse = {
  items: [
    {
      id: MEMORY_ID,
      content: 'Prefers window seats on long flights.',
      kind: 'preference',
      tags: ['travel'],
      trust: 2,
      importance: 0.6,
      confidence: 0.9,
      created_at: '2026-11-30T09:12:44.120Z',
      source: { type: 'user' },
      score: 0.82,
      truncated: false,
      in_context: true,
    },
  ],
  rules: [],
  context: '- [preference] Prefers window seats on long flights.',
  degraded: null,
  nothing_relevant: false,
  recall_id: RECALL_ID,
  model: 'text-embedding-3-small',
  timing_ms: { embed: 41, search: 12, total: 58 },
};

export const feedbackBodyExample = { used: [MEMORY_ID] };

export const feedbackResponseExample: FeedbackResponse = { recall_id: RECALL_ID, used: 1, ignored: 0 };

export const replaceInputExample: ReplaceInput = {
  content: 'Prefers aisle seats on long flights.',
  polarity: 'prefer',
  reason: 'the user changed their mind',
};

export const replaceResponseExample: ReplaceResponse = {
  memory: {
    ...memoryExample,
    id: NEWER_ID,
    content: 'Prefers aisle seats on long flights.',
    supersedes: MEMORY_ID,
    created_at: '2026-12-01T10:05:00.000Z',
    updated_at: '2026-12-01T10:05:00.000Z',
    recall_count: 0,
    last_recalled_at: null,
  },
  replaced: { ...memoryExample, superseded_by: NEWER_ID, updated_at: '2026-12-01T10:05:00.000Z' },
  gate: { decision: 'accepted', trust: 2, flags: [], superseded: [MEMORY_ID] },
};

export const subjectErasureExample: SubjectErasure = {
  erased: { memories: 12, embeddings: 12, audit_events_redacted: 27 },
  receipt_id: '9182',
};

/** Two lines of the export stream: a superseded version, then the live one. */
export const subjectExportExample = `${[replaceResponseExample.replaced, replaceResponseExample.memory]
  .map((memory) => JSON.stringify(memory))
  .join('\n')}\n`;

export const auditResponseExample: AuditResponse = {
  items: [
    {
      id: '9120',
      at: '2026-12-01T10:00:00.000Z',
      actor: 'api_key:5e0c7a1b9d3f2e4a',
      action: 'revoke',
      subject: 'user-42',
      memory_id: MEMORY_ID,
      related_ids: [],
      reason: 'the user asked to forget it',
      details: {},
      redacted_at: null,
    },
  ],
  next_cursor: '9120',
};

export const ingestRequestExample: IngestRequest = {
  subject: 'user-42',
  session: 'chat-2026-12-01',
  messages: [
    { speaker: 'user', text: 'I am vegetarian, by the way.', at: '2026-12-01T09:00:00Z', id: 'm1' },
    { speaker: 'assistant', text: 'Noted: I will suggest vegetarian places.', id: 'm2' },
  ],
  extract: 'auto',
};

export const ingestResponseExample: IngestResponse = {
  items: [
    { id: '4b6d8f0a-2c4e-4a6b-8d0f-3e5a7c9b1d42', status: 'created' },
    { id: '5c7e9a1b-3d5f-4b7c-9e1a-4f6b8d0c2e53', status: 'created' },
  ],
  extraction: {
    status: 'done',
    extractor: 'openai:gpt-4o-mini',
    proposals: [
      {
        kind: 'preference',
        content: 'Is vegetarian.',
        facet: 'diet',
        polarity: 'prefer',
        turns: [0],
        outcome: 'created',
        id: '6d8f0b2c-4e6a-4c8d-8f2b-5a7c9e1d3f64',
        superseded: [],
      },
    ],
    dropped: {},
    reason: null,
  },
};

export const revokedKeyExample: RevokedKey = { key: { id: '5e0c7a1b9d3f2e4a', revoked: true } };

export const createTenantBodyExample = { name: 'acme-support' };

export const createTenantResponseExample: CreateTenantResponse = {
  tenant: { id: '7e9a1c3d-5f7b-4d9e-a1c3-6b8d0f2a4c75', name: 'acme-support' },
  api_key: 'egm_<40 random characters: shown once, store it now>',
  api_key_id: '5e0c7a1b9d3f2e4a',
};

export const piiPolicyExample = { email: 'allow', phone: 'redact', card_number: 'reject' } as const;

export const piiPolicyResponseExample = {
  tenant_id: '7e9a1c3d-5f7b-4d9e-a1c3-6b8d0f2a4c75',
  pii_policy: piiPolicyExample,
};

export const tenantErasureExample: TenantErasure = {
  erased: { memories: 1840, embeddings: 1840, audit_events: 5210, api_keys: 3 },
  receipt_id: '9305',
};

export const mcpRequestExample = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'recall', arguments: { subject: 'user-42', query: 'seat preference' } },
} satisfies JsonRpc;

export const mcpResponseExample = {
  jsonrpc: '2.0',
  id: 1,
  result: { content: [{ type: 'text', text: '- [preference] Prefers window seats on long flights.' }] },
} satisfies JsonRpc;
