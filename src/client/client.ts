// The typed Engram client: one method per endpoint of shared/API.md, on any runtime with fetch (browsers,
// Workers, Node 20+). No Node-only import may enter this folder.
import { type RetryPolicy, resolveRetryPolicy } from './retry.ts';
import { call, type FetchLike, type TransportConfig } from './transport.ts';
import type {
  AuditQuery,
  AuditResponse,
  BatchRequest,
  BatchResponse,
  EraseSubjectResponse,
  FeedbackRequest,
  FeedbackResponse,
  IngestRequest,
  IngestResponse,
  ListQuery,
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
} from './types.ts';

/** Options of createEngramClient. */
export interface EngramClientOptions {
  /** Where the API is served, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** An Engram API key (or a Supabase JWT when the deployment accepts them). */
  apiKey: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Retries of safe calls after the first attempt (default 2), or a policy; 0 turns retries off. */
  retries?: number | Partial<RetryPolicy>;
  /** Source of randomness for backoff jitter (tests make it deterministic). */
  random?: () => number;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call, including any wait between retries; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RememberOptions extends CallOptions {
  /** Overrides the key the client generates, e.g. to tie a write to a message id across process restarts. */
  idempotencyKey?: string;
}

/** Builds a client. Throws RangeError on a bad `retries` option, TypeError on a bad `baseUrl`. */
export function createEngramClient(options: EngramClientOptions) {
  new URL(options.baseUrl);
  if (!options.apiKey) throw new TypeError('apiKey is required');
  const policy = resolveRetryPolicy(options.retries);
  // Browsers refuse a fetch called on another `this` ("Illegal invocation"): bind the global one.
  const fetchImpl: FetchLike = options.fetch ?? globalThis.fetch.bind(globalThis);
  const config: TransportConfig = {
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: fetchImpl,
    policy,
    ...(options.random ? { random: options.random } : {}),
  };
  const id = (value: string) => encodeURIComponent(value);

  const client = {
    /**
     * Remembers one memory. With retries on, the client sends an idempotency key generated once for this call, so
     * a retried write stores one memory (the server answers the retry as a duplicate of the first).
     */
    remember(input: MemoryInput, opts: RememberOptions = {}): Promise<RememberResponse> {
      const idempotencyKey = opts.idempotencyKey ?? (policy.retries > 0 ? crypto.randomUUID() : undefined);
      return call(config, {
        method: 'POST',
        path: '/v1/memories',
        body: input,
        idempotencyKey,
        retryable: idempotencyKey !== undefined,
        signal: opts.signal,
      });
    },

    /**
     * Remembers up to 500 memories in one request; one result per item, in order. A gate rejection is a result
     * with `status: 422` and the error envelope, not a throw. Never retried (no idempotency key on this endpoint).
     */
    rememberBatch(items: BatchRequest['items'], opts: CallOptions = {}): Promise<BatchResponse> {
      return call(config, {
        method: 'POST',
        path: '/v1/memories/batch',
        body: { items },
        retryable: false,
        signal: opts.signal,
      });
    },

    /** Recalls for a query. A read (it only logs the recall), so it is retried like a GET. */
    recall(request: RecallRequest, opts: CallOptions = {}): Promise<RecallResponse> {
      return call(config, {
        method: 'POST',
        path: '/v1/recall',
        body: request,
        retryable: true,
        signal: opts.signal,
      });
    },

    /** One memory with its supersession chain; `not_found` for a missing id or another tenant's. */
    get(memoryId: string, opts: CallOptions = {}): Promise<MemoryWithChain> {
      return call(config, {
        method: 'GET',
        path: `/v1/memories/${id(memoryId)}`,
        retryable: true,
        signal: opts.signal,
      });
    },

    /** One page of memories, newest first; pass `next_cursor` back as `cursor` for the next. */
    list(query: ListQuery = {}, opts: CallOptions = {}): Promise<ListResponse> {
      const { include, ...rest } = query;
      return call(config, {
        method: 'GET',
        path: '/v1/memories',
        query: { ...rest, include: include && include.length > 0 ? include.join(',') : undefined },
        retryable: true,
        signal: opts.signal,
      });
    },

    /** Every memory matching `query`, page after page (`limit` sets the page size). */
    async *listAll(query: Omit<ListQuery, 'cursor'> = {}, opts: CallOptions = {}): AsyncGenerator<Memory> {
      let cursor: string | undefined;
      do {
        const page = await client.list({ ...query, ...(cursor ? { cursor } : {}) }, opts);
        yield* page.items;
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    },

    /** Soft-revokes a memory. Revoking twice keeps the first time and reason, so it is safe to retry. */
    revoke(memoryId: string, reason?: string, opts: CallOptions = {}): Promise<{ memory: Memory }> {
      return call(config, {
        method: 'POST',
        path: `/v1/memories/${id(memoryId)}/revoke`,
        body: reason === undefined ? {} : { reason },
        retryable: true,
        signal: opts.signal,
      });
    },

    /** Replaces a memory with a new version. Never retried: a repeat would try to supersede twice. */
    replace(memoryId: string, input: ReplaceInput, opts: CallOptions = {}): Promise<ReplaceResponse> {
      return call(config, {
        method: 'POST',
        path: `/v1/memories/${id(memoryId)}/replace`,
        body: input,
        retryable: false,
        signal: opts.signal,
      });
    },

    /** Erases every memory, embedding and stored content of a subject (a DELETE: safe to repeat). */
    eraseSubject(subject: string, opts: CallOptions = {}): Promise<EraseSubjectResponse> {
      return call(config, {
        method: 'DELETE',
        path: `/v1/subjects/${id(subject)}`,
        retryable: true,
        signal: opts.signal,
      });
    },

    /**
     * Every version of a subject's memories (revoked and superseded included, expired not), oldest first: the
     * export endpoint's JSON lines, parsed. A read, retried like one.
     */
    exportSubject(subject: string, opts: CallOptions = {}): Promise<Memory[]> {
      return call(config, {
        method: 'GET',
        path: `/v1/subjects/${id(subject)}/export`,
        retryable: true,
        response: 'ndjson',
        signal: opts.signal,
      });
    },

    /**
     * Reports which items of a recall the app used (`recall_id` of the recall's answer); ids the recall did not
     * return are ignored. Reporting the same set again records the same thing, so it is retried.
     */
    feedback(
      recallId: string,
      used: FeedbackRequest['used'],
      opts: CallOptions = {},
    ): Promise<FeedbackResponse> {
      return call(config, {
        method: 'POST',
        path: `/v1/recalls/${id(recallId)}/feedback`,
        body: { used },
        retryable: true,
        signal: opts.signal,
      });
    },

    /** Revokes one of this tenant's API keys by its public id (needs the admin scope). Never retried: a repeat of
     * a revocation that went through answers not_found. */
    revokeKey(keyId: string, opts: CallOptions = {}): Promise<RevokedKey> {
      return call(config, {
        method: 'POST',
        path: `/v1/keys/${id(keyId)}/revoke`,
        retryable: false,
        signal: opts.signal,
      });
    },

    /** Audit events of a subject or a memory. */
    audit(query: AuditQuery, opts: CallOptions = {}): Promise<AuditResponse> {
      return call(config, {
        method: 'GET',
        path: '/v1/audit',
        query: { ...query },
        retryable: true,
        signal: opts.signal,
      });
    },

    /**
     * Stores a conversation's turns as episodes (and, where the request asks for extraction, the memories proposed
     * from them: the request type is the contract's). Never retried (no idempotency key on this endpoint).
     */
    ingest(request: IngestRequest, opts: CallOptions = {}): Promise<IngestResponse> {
      return call(config, {
        method: 'POST',
        path: '/v1/ingest',
        body: request,
        retryable: false,
        signal: opts.signal,
      });
    },
  };
  return client;
}

/** The client createEngramClient returns. */
export type EngramClient = ReturnType<typeof createEngramClient>;
