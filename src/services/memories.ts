// Memory service: remember (through the write pipeline), get, list, revoke. Depends on ports only; the HTTP
// layer, the MCP tools and the CLI call it. The caller's scope was checked by the entry point (src/access).
import { requireSubject, subjectFilter, visibleOrNotFound } from '../access/index.ts';
import type { ListQuery, Memory, MemoryInput } from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import type { ListFilter, MemoryChain } from '../ports/store.ts';
import type { RecordOptions } from './memory-record.ts';
import { createWritePipeline, type RememberResult, type WritePipelineDeps } from './write-pipeline.ts';

export type MemoryServiceDeps = WritePipelineDeps;
export type RememberOptions = RecordOptions;

export function createMemoryService(deps: MemoryServiceDeps) {
  const pipeline = createWritePipeline(deps);
  const { store } = deps;

  /** Remembers several memories in one transaction; one result per input, in order. */
  async function rememberMany(
    principal: Principal,
    inputs: MemoryInput[],
    options: RememberOptions[] = [],
  ): Promise<RememberResult[]> {
    // Every subject is checked before anything is screened or written.
    for (const input of inputs) requireSubject(principal, input.subject);
    return pipeline.rememberBatch(principal, inputs, options);
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
      return visibleOrNotFound(principal, await store.withTenant(principal, (tx) => tx.getMemory(id)));
    },

    async list(
      principal: Principal,
      filter: ListFilter,
    ): Promise<{ items: Memory[]; next_cursor: string | null }> {
      const scoped = { ...filter, subject: subjectFilter(principal, filter.subject) };
      const items = await store.withTenant(principal, (tx) => tx.listMemories(scoped));
      const last = items.at(-1);
      const nextCursor =
        items.length === scoped.limit && last ? encodeCursor(last.created_at, last.id) : null;
      return { items, next_cursor: nextCursor };
    },

    async revoke(principal: Principal, id: string, reason: string | undefined): Promise<Memory> {
      const memory = await store.withTenant(principal, async (tx) => {
        visibleOrNotFound(principal, await tx.getMemory(id));
        return tx.revokeMemory(id, reason);
      });
      if (!memory) throw new AppError('not_found', 'memory not found');
      return memory;
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;

/** The store filter of a `GET /v1/memories` query (the HTTP route and the MCP tool take the same query). */
export function listFilterOf(query: ListQuery): ListFilter {
  const include = new Set(query.include?.split(',') ?? []);
  return {
    subject: query.subject,
    kind: query.kind,
    tag: query.tag,
    sourceUri: query.source_uri,
    includeRevoked: include.has('revoked'),
    includeExpired: include.has('expired'),
    includeSuperseded: include.has('superseded'),
    limit: query.limit,
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
  };
}

const MAX_CURSOR_TIME = Date.UTC(10000, 0, 1);

/** Opaque keyset cursor: base64url of "created_at|id". */
export function encodeCursor(createdAt: string, id: string): string {
  return btoa(`${createdAt}|${id}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
    const [createdAt, id] = text.split('|');
    const at = Date.parse(createdAt ?? '');
    // Only dates a row can have: a cursor dated year +275760 (valid in JavaScript) was a 500 in the database.
    if (!createdAt || !id || !(at >= 0 && at < MAX_CURSOR_TIME) || !/^[0-9a-f-]{36}$/i.test(id))
      throw new Error();
    return { createdAt, id };
  } catch {
    throw new AppError('invalid_request', 'cursor is not valid', { field: 'cursor' });
  }
}
