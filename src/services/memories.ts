// Memory service: remember (gate -> embed within the time budget -> one transaction), get, list, revoke.
// Depends on ports only; the HTTP layer and the CLI call it.
import { AppError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal } from '../core/principal.ts';
import type { Memory, MemoryInput } from '../core/schemas.ts';
import { type Embedder, embeddingTextOf } from '../ports/embedder.ts';
import type { CallerContext, GateReason, GateResult, WriteGate } from '../ports/gate.ts';
import type { ListFilter, MemoryChain, MemoryRecord, MemoryStore, StoredVector } from '../ports/store.ts';

export interface MemoryServiceDeps {
  store: MemoryStore;
  gate: WriteGate;
  /** Already wrapped with the strict time budget; null when no embedder is configured (lexical only). */
  embedder: Embedder | null;
  logger: Logger;
  now?: () => Date;
}

export type RememberResult =
  | { decision: 'accepted'; memory: Memory; trust: number; flags: string[]; superseded: string[] }
  | { decision: 'duplicate'; memory: Memory }
  | { decision: 'rejected'; reasons: GateReason[] };

export interface RememberOptions {
  idempotencyKey?: string | undefined;
  /** Extra text indexed at low weight for lexical search (conversation ingestion); never returned. */
  contextText?: string | undefined;
}

/** Ensures an end-user caller (JWT) only touches its own subject. */
export function assertSubjectAllowed(principal: Principal, subject: string): void {
  if (principal.subject !== undefined && principal.subject !== subject) {
    throw new AppError('forbidden', 'this caller may only reach its own subject');
  }
}

export function assertScope(principal: Principal, scope: string): void {
  if (!principal.scopes.includes(scope) && !principal.scopes.includes('admin')) {
    throw new AppError('forbidden', `this key lacks the ${scope} scope`);
  }
}

export function callerContextOf(principal: Principal): CallerContext {
  return { auth: principal.kind, scopes: [...principal.scopes] };
}

export function createMemoryService(deps: MemoryServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** Embeds documents within the budget; null on timeout or error (the memory is stored as pending). */
  async function embedOrNull(texts: string[]): Promise<number[][] | null> {
    if (!deps.embedder || texts.length === 0) return null;
    try {
      return await deps.embedder.embedDocuments(texts);
    } catch (error) {
      const category = (error as { category?: string }).category ?? 'embedding_error';
      deps.logger.warn('write.embedding_deferred', {
        provider: deps.embedder.provider,
        category,
        count: texts.length,
      });
      return null;
    }
  }

  async function gateMany(principal: Principal, inputs: MemoryInput[]) {
    const caller = callerContextOf(principal);
    return Promise.all(inputs.map((input) => deps.gate(input, caller, { now: now() })));
  }

  function recordOf(
    input: MemoryInput,
    gate: Extract<GateResult, { decision: 'accepted' }>,
    options: RememberOptions,
    fallbackSource: Memory['source'],
  ): MemoryRecord {
    return {
      subject: input.subject,
      kind: input.kind,
      content: gate.normalizedContent,
      content_hash: gate.contentHash,
      tags: input.tags ?? [],
      importance: input.importance,
      confidence: input.confidence,
      trust: gate.trust,
      source: input.source ?? fallbackSource,
      key: input.key,
      facet: input.facet,
      polarity: input.polarity,
      trigger: gate.normalizedTrigger ?? input.trigger,
      metadata: input.metadata,
      flags: gate.flags,
      language: input.language,
      context_text: options.contextText,
      valid_from: input.valid_from,
      expires_at: gate.expiresAt ? gate.expiresAt.toISOString() : null,
      idempotency_key: options.idempotencyKey,
    };
  }

  /** Remembers several memories in one transaction; one result per input, in order. */
  async function rememberMany(
    principal: Principal,
    inputs: MemoryInput[],
    options: RememberOptions[] = [],
  ): Promise<RememberResult[]> {
    assertScope(principal, 'memories:write');
    for (const input of inputs) assertSubjectAllowed(principal, input.subject);
    const gated = await gateMany(principal, inputs);
    const accepted = gated.flatMap((g, i) => (g.decision === 'accepted' ? [i] : []));
    // Embed only what the gate accepted, in one batch, before opening the transaction.
    const vectors = await embedOrNull(
      accepted.map((i) => {
        const input = inputs[i]!;
        const g = gated[i]!;
        return embeddingTextOf({
          ...input,
          content: g.decision === 'accepted' ? g.normalizedContent : input.content,
        });
      }),
    );
    const fallbackSource: Memory['source'] = { type: principal.kind === 'jwt' ? 'user' : 'app' };
    return deps.store.withTenant({ tenantId: principal.tenantId, actor: principal.actor }, async (tx) => {
      const results: RememberResult[] = [];
      for (const [i, gate] of gated.entries()) {
        if (gate.decision === 'rejected') {
          results.push({ decision: 'rejected', reasons: gate.reasons });
          continue;
        }
        const input = inputs[i]!;
        const vectorIndex = accepted.indexOf(i);
        const vector: StoredVector | undefined =
          vectors && deps.embedder
            ? { model: deps.embedder.model, vector: vectors[vectorIndex]! }
            : undefined;
        const outcome = await tx.writeMemory(recordOf(input, gate, options[i] ?? {}, fallbackSource), vector);
        results.push(
          outcome.status === 'duplicate'
            ? { decision: 'duplicate', memory: outcome.memory }
            : {
                decision: 'accepted',
                memory: outcome.memory,
                trust: gate.trust,
                flags: gate.flags,
                superseded: outcome.superseded,
              },
        );
      }
      return results;
    });
  }

  return {
    rememberMany,

    async remember(
      principal: Principal,
      input: MemoryInput,
      options: RememberOptions = {},
    ): Promise<RememberResult> {
      const [result] = await rememberMany(principal, [input], [options]);
      return result!;
    },

    async get(principal: Principal, id: string): Promise<Memory & { chain: MemoryChain }> {
      assertScope(principal, 'memories:read');
      const memory = await deps.store.withTenant(principal, (tx) => tx.getMemory(id));
      // Another tenant's id and a missing id look the same: 404, never 403.
      if (!memory || (principal.subject !== undefined && memory.subject !== principal.subject)) {
        throw new AppError('not_found', 'memory not found');
      }
      return memory;
    },

    async list(
      principal: Principal,
      filter: ListFilter,
    ): Promise<{ items: Memory[]; next_cursor: string | null }> {
      assertScope(principal, 'memories:read');
      if (principal.subject !== undefined) {
        if (filter.subject !== undefined) assertSubjectAllowed(principal, filter.subject);
        filter = { ...filter, subject: principal.subject };
      }
      const items = await deps.store.withTenant(principal, (tx) => tx.listMemories(filter));
      const last = items.at(-1);
      const nextCursor =
        items.length === filter.limit && last ? encodeCursor(last.created_at, last.id) : null;
      return { items, next_cursor: nextCursor };
    },

    async revoke(principal: Principal, id: string, reason: string | undefined): Promise<Memory> {
      assertScope(principal, 'memories:write');
      const memory = await deps.store.withTenant(principal, async (tx) => {
        const existing = await tx.getMemory(id);
        if (!existing || (principal.subject !== undefined && existing.subject !== principal.subject))
          return null;
        return tx.revokeMemory(id, reason);
      });
      if (!memory) throw new AppError('not_found', 'memory not found');
      return memory;
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;

/** Opaque keyset cursor: base64url of "created_at|id". */
export function encodeCursor(createdAt: string, id: string): string {
  return btoa(`${createdAt}|${id}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const [createdAt, id] = text.split('|');
    if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id))
      throw new Error();
    return { createdAt, id };
  } catch {
    throw new AppError('invalid_request', 'cursor is not valid', { field: 'cursor' });
  }
}
