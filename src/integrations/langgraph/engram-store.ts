// LangGraph's BaseStore backed by Engram through the typed client: put/get/search/delete/listNamespaces mapped
// onto remember (superseding by key), list, recall and revoke. See namespace.ts for the namespace mapping.
import {
  BaseStore,
  InvalidNamespaceError,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
} from '@langchain/langgraph-checkpoint';
import { createEngramClient, type EngramClient, type EngramClientOptions } from '../../client/index.ts';
import type { Memory } from '../../client/types.ts';
import type { MemoryKind, RecallMode } from '../../contract/index.ts';
import { sha256Hex } from '../../core/hash.ts';
import { jsonEqual, matchesFilter } from './filter.ts';
import { itemContent } from './item-text.ts';
import {
  hasPrefix,
  type ItemAddress,
  itemUri,
  LANGGRAPH_TAG,
  narrowingOf,
  parseItemUri,
  placeNamespace,
} from './namespace.ts';
import { selectNamespaces } from './namespaces.ts';

/** A client (or what it takes to build one) and the store's mapping choices. */
export type EngramStoreOptions = (
  | { client: EngramClient }
  | Pick<EngramClientOptions, 'baseUrl' | 'apiKey' | 'fetch' | 'retries'>
) & {
  /** Kind of items whose namespace does not name one as its second label (default `fact`). */
  defaultKind?: MemoryKind;
  /** Value fields that make the searchable content (LangGraph index paths; default: the whole value). */
  index?: { fields?: string[] };
  /** Recall mode of searches with a query (default hybrid). */
  searchMode?: RecallMode;
  /**
   * Which namespace label names the subject (the user), default 0. Apps that namespace per user as
   * `["memories", userId]` set 1, so that each user is its own subject and two users never share one.
   */
  subjectLabel?: number;
  /** As PostgresStore's: items expire `defaultTtl` minutes after their last write (Engram's TTL sweep drops them). */
  ttl?: { defaultTtl?: number };
};

interface StoredItem {
  value: Record<string, unknown>;
  created_at: string;
  /** False for an item put with `index: false`: kept and listed, never returned by a search with a query. */
  index?: false;
}

/** Subjects a search with a query and no subject in its prefix ranks across (one recall each). */
const MAX_SEARCH_SUBJECTS = 50;

/** Engram caps one recall at 50 items. */
const MAX_QUERY_RESULTS = 50;
const PAGE = 200;

/**
 * A LangGraph store on Engram: `new EngramStore({ baseUrl, apiKey })` where an app had `PostgresStore`.
 * Namespaces are `[subject, kind?, ...labels]` (see placeNamespace); each item is one live memory whose
 * earlier versions stay in the supersession chain and the audit trail.
 */
export class EngramStore extends BaseStore {
  private readonly client: EngramClient;
  private readonly defaultKind: MemoryKind;
  private readonly fields: string[] | undefined;
  private readonly searchMode: RecallMode;
  private readonly subjectLabel: number;
  private readonly ttlSeconds: number | undefined;

  constructor(options: EngramStoreOptions) {
    super();
    this.client =
      'client' in options
        ? options.client
        : createEngramClient({
            baseUrl: options.baseUrl,
            apiKey: options.apiKey,
            ...(options.fetch ? { fetch: options.fetch } : {}),
            ...(options.retries !== undefined ? { retries: options.retries } : {}),
          });
    this.defaultKind = options.defaultKind ?? 'fact';
    this.fields = options.index?.fields;
    this.searchMode = options.searchMode ?? 'hybrid';
    this.subjectLabel = options.subjectLabel ?? 0;
    const minutes = options.ttl?.defaultTtl;
    if (minutes !== undefined && !(Number.isFinite(minutes) && minutes > 0)) {
      throw new RangeError('ttl.defaultTtl must be a positive number of minutes');
    }
    this.ttlSeconds = minutes === undefined ? undefined : Math.max(1, Math.round(minutes * 60));
  }

  /** Runs the operations in order (a get after a put in the same batch sees the put). */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results: unknown[] = [];
    for (const op of operations) results.push(await this.run(op));
    return results as OperationResults<Op>;
  }

  private run(op: Operation): Promise<unknown> {
    if ('namespacePrefix' in op) return this.searchOp(op);
    if ('value' in op) return op.value === null ? this.deleteOp(op) : this.putOp(op);
    if ('namespace' in op) return this.getOp(op);
    return this.listNamespacesOp(op);
  }

  private async current(address: ItemAddress): Promise<Memory | null> {
    const subject = address.namespace[this.subjectLabel];
    if (subject === undefined) return null;
    const page = await this.client.list({
      subject,
      source_uri: itemUri(address.namespace, address.key),
      limit: 1,
    });
    return page.items[0] ?? null;
  }

  private async getOp(op: ItemAddress): Promise<Item | null> {
    const memory = await this.current(op);
    return memory ? itemOf(memory) : null;
  }

  private async putOp(op: PutOperation): Promise<void> {
    const value = op.value as Record<string, unknown>;
    const placement = toPlacement(op.namespace, this.defaultKind, this.subjectLabel);
    const uri = itemUri(op.namespace, op.key);
    const existing = await this.current(op);
    const stored: StoredItem = {
      value,
      created_at:
        (existing && storedOf(existing)?.created_at) ?? existing?.created_at ?? new Date().toISOString(),
      ...(op.index === false ? { index: false as const } : {}),
    };
    const input = {
      subject: placement.subject,
      kind: placement.kind,
      tags: placement.tags,
      content: itemContent(
        op.namespace,
        op.key,
        value,
        op.index === false ? false : Array.isArray(op.index) ? op.index : this.fields,
      ),
      ...(this.ttlSeconds !== undefined ? { ttl_seconds: this.ttlSeconds } : {}),
      // One live memory per item: a new version with the same Engram key supersedes the old one atomically.
      key: `lg:${(await sha256Hex(uri)).slice(0, 40)}`,
      source: { type: 'app' as const, uri },
      metadata: { langgraph: stored },
      ...(placement.kind === 'rule'
        ? { trigger: typeof value.trigger === 'string' ? value.trigger : op.key }
        : {}),
    };
    const result = await this.client.remember(input);
    const kept = storedOf(result.memory);
    if (
      result.gate.decision !== 'duplicate' ||
      (jsonEqual(kept?.value, value) && kept?.index === stored.index)
    )
      return;
    if (result.memory.source.uri !== uri) {
      throw new Error(
        `item content collides with another item of subject ${placement.subject}; change its key`,
      );
    }
    // Same searchable text, other value (a field outside the index changed): Engram keeps one live memory per
    // content, so retire the old version first.
    await this.client.revoke(result.memory.id, 'replaced through the LangGraph store');
    await this.client.remember(input);
  }

  private async deleteOp(op: ItemAddress): Promise<void> {
    const memory = await this.current(op);
    if (memory) await this.client.revoke(memory.id, 'deleted through the LangGraph store');
  }

  private async searchOp(op: SearchOperation): Promise<SearchItem[]> {
    const limit = op.limit ?? 10;
    const offset = op.offset ?? 0;
    const filter = op.filter as Record<string, unknown> | undefined;
    return op.query
      ? this.searchByQuery(op.namespacePrefix, op.query, filter, limit, offset)
      : this.scan(op, limit, offset);
  }

  /** Without a query: newest first, narrowed by Engram's filters, then exactly by prefix and value filter. */
  private async scan(op: SearchOperation, limit: number, offset: number): Promise<SearchItem[]> {
    const narrow = narrowingOf(op.namespacePrefix, this.subjectLabel);
    const out: SearchItem[] = [];
    let skipped = 0;
    for await (const memory of this.client.listAll({ ...narrow, limit: PAGE })) {
      const item = itemOf(memory);
      if (!item || !hasPrefix(item.namespace, op.namespacePrefix)) continue;
      if (!matchesFilter(item.value, op.filter as Record<string, unknown> | undefined)) continue;
      if (skipped++ < offset) continue;
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * With a query: Engram's recall ranks within a subject; values are read for the ranked ids. Without a subject in
   * the prefix (`search([], { query })`), each subject the store wrote to is recalled and the scores merged.
   */
  private async searchByQuery(
    prefix: string[],
    query: string,
    filter: Record<string, unknown> | undefined,
    limit: number,
    offset: number,
  ): Promise<SearchItem[]> {
    const narrow = narrowingOf(prefix, this.subjectLabel);
    const subjects = narrow.subject !== undefined ? [narrow.subject] : await this.subjects();
    const recalled = (
      await Promise.all(subjects.map((subject) => this.recallIn(subject, narrow, query)))
    ).flat();
    const ranked = recalled
      .filter((i) => {
        const address = parseItemUri(typeof i.source.uri === 'string' ? i.source.uri : undefined);
        return address !== null && hasPrefix(address.namespace, prefix);
      })
      .sort((a, b) => b.score - a.score);
    const out: SearchItem[] = [];
    let skipped = 0;
    // Values live in the memory's metadata, which recall does not return: read them a page at a time.
    for (let i = 0; i < ranked.length && out.length < limit; i += limit) {
      const chunk = ranked.slice(i, i + limit);
      const memories = await Promise.all(chunk.map((r) => this.client.get(r.id)));
      for (const [j, memory] of memories.entries()) {
        const item = itemOf(memory);
        // An item put with `index: false` is never a search hit, whatever its label matched.
        if (!item || storedOf(memory)?.index === false || !matchesFilter(item.value, filter)) continue;
        if (skipped++ < offset) continue;
        if (out.length < limit) out.push({ ...item, score: chunk[j]!.score });
      }
    }
    return out;
  }

  private async recallIn(subject: string, narrow: ReturnType<typeof narrowingOf>, query: string) {
    const recalled = await this.client.recall({
      subject,
      query,
      mode: this.searchMode,
      limit: MAX_QUERY_RESULTS,
      ...(narrow.kind ? { kinds: [narrow.kind] } : {}),
      tags: [narrow.tag],
      // Room for every item: the store reads values by id, the recalled text is not used.
      budget: {
        max_items: MAX_QUERY_RESULTS,
        max_chars_per_item: 1000,
        max_total_chars: 1000 * MAX_QUERY_RESULTS,
      },
    });
    return recalled.items;
  }

  /** The subjects the store's items live in (newest first), for a search across all of them. */
  private async subjects(): Promise<string[]> {
    const found = new Set<string>();
    for await (const memory of this.client.listAll({ tag: LANGGRAPH_TAG, limit: PAGE })) {
      if (parseItemUri(memory.source.uri)) found.add(memory.subject);
      if (found.size >= MAX_SEARCH_SUBJECTS) break;
    }
    return [...found];
  }

  private async listNamespacesOp(op: ListNamespacesOperation): Promise<string[][]> {
    const prefix = op.matchConditions?.find((c) => c.matchType === 'prefix')?.path[this.subjectLabel];
    const subject = prefix !== undefined && prefix !== '*' ? prefix : undefined;
    const namespaces: string[][] = [];
    for await (const memory of this.client.listAll({
      ...(subject ? { subject } : {}),
      tag: 'langgraph',
      limit: PAGE,
    })) {
      const address = parseItemUri(memory.source.uri);
      if (address) namespaces.push(address.namespace);
    }
    return selectNamespaces(namespaces, {
      matchConditions: op.matchConditions,
      maxDepth: op.maxDepth,
      limit: op.limit,
      offset: op.offset,
    });
  }
}

function toPlacement(namespace: string[], defaultKind: MemoryKind, subjectLabel: number) {
  try {
    return placeNamespace(namespace, defaultKind, subjectLabel);
  } catch (error) {
    throw new InvalidNamespaceError((error as Error).message);
  }
}

function storedOf(memory: Memory): StoredItem | null {
  const stored = memory.metadata.langgraph as Partial<StoredItem> | undefined;
  if (!stored || typeof stored.value !== 'object' || stored.value === null) return null;
  return {
    value: stored.value,
    created_at: typeof stored.created_at === 'string' ? stored.created_at : memory.created_at,
    ...(stored.index === false ? { index: false as const } : {}),
  };
}

/** The LangGraph item a memory holds, or null for a memory the store did not write. */
function itemOf(memory: Memory): Item | null {
  const address = parseItemUri(memory.source.uri);
  const stored = storedOf(memory);
  if (!address || !stored) return null;
  return {
    namespace: address.namespace,
    key: address.key,
    value: stored.value,
    createdAt: new Date(stored.created_at),
    // Each version is its own memory: the live one was written at the last update.
    updatedAt: new Date(memory.created_at),
  };
}
