// listNamespaces for the store (pure): prefix and suffix conditions with the `*` wildcard, depth cut, a stable
// order, then offset and limit, as LangGraph's stores answer it.

/** One listNamespaces condition (LangGraph's MatchCondition). */
export interface NamespaceCondition {
  matchType: 'prefix' | 'suffix';
  path: readonly string[];
}

/** A listNamespaces operation, as LangGraph hands it to `batch`. */
export interface NamespaceQuery {
  matchConditions?: readonly NamespaceCondition[] | undefined;
  maxDepth?: number | undefined;
  limit: number;
  offset: number;
}

/** Whether `namespace` starts (prefix) or ends (suffix) with the condition's path; `*` matches any label. */
export function matchesCondition(namespace: readonly string[], condition: NamespaceCondition): boolean {
  const { path } = condition;
  if (path.length > namespace.length) return false;
  const start = condition.matchType === 'prefix' ? 0 : namespace.length - path.length;
  return path.every((label, i) => label === '*' || namespace[start + i] === label);
}

function compareNamespaces(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The distinct namespaces among `all` that meet the query, cut to `maxDepth`, sorted, then paged. */
export function selectNamespaces(all: Iterable<readonly string[]>, query: NamespaceQuery): string[][] {
  const seen = new Map<string, string[]>();
  for (const namespace of all) {
    if (!(query.matchConditions ?? []).every((c) => matchesCondition(namespace, c))) continue;
    const cut = query.maxDepth === undefined ? [...namespace] : namespace.slice(0, query.maxDepth);
    seen.set(JSON.stringify(cut), cut);
  }
  return [...seen.values()].sort(compareNamespaces).slice(query.offset, query.offset + query.limit);
}
