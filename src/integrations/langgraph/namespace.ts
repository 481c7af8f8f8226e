// How LangGraph namespaces map onto Engram memories (pure): the subject, the kind, tags for narrowing, and the
// exact namespace and key kept in the memory's source URI so that they round-trip unchanged.
import { MEMORY_KINDS, type MemoryKind, SubjectSchema, TagSchema } from '../../contract/index.ts';

/** Source URIs of items written by the store: `langgraph:<segment>/<segment>...#<key>`, each part URI-encoded. */
export const ITEM_URI_SCHEME = 'langgraph:';
/** Every item carries this tag, so that the store can list its own memories apart from the app's others. */
export const LANGGRAPH_TAG = 'langgraph';
const MAX_TAGS = 32;

/** A store item's place: its namespace and its key. */
export interface ItemAddress {
  namespace: string[];
  key: string;
}

/** Where a namespace lands in Engram. */
export interface Placement {
  subject: string;
  kind: MemoryKind;
  tags: string[];
}

/** The source URI that records an item's exact namespace and key. */
export function itemUri(namespace: readonly string[], key: string): string {
  return `${ITEM_URI_SCHEME}${namespace.map(encodeURIComponent).join('/')}#${encodeURIComponent(key)}`;
}

/** The namespace and key of a store item, or null for a URI the store did not write. */
export function parseItemUri(uri: string | undefined | null): ItemAddress | null {
  if (!uri?.startsWith(ITEM_URI_SCHEME)) return null;
  const body = uri.slice(ITEM_URI_SCHEME.length);
  // encodeURIComponent escapes '#' and '/', so the first '#' ends the namespace and every '/' separates labels.
  const hash = body.indexOf('#');
  if (hash <= 0) return null;
  try {
    return {
      namespace: body.slice(0, hash).split('/').map(decodeURIComponent),
      key: decodeURIComponent(body.slice(hash + 1)),
    };
  } catch {
    return null;
  }
}

const isKind = (label: string | undefined): label is MemoryKind =>
  label !== undefined && (MEMORY_KINDS as readonly string[]).includes(label);
const isTag = (label: string) => TagSchema.safeParse(label).success;

/** The namespace without its subject label: where the kind and the tags are read. */
function labelsAround(namespace: readonly string[], subjectLabel: number) {
  return {
    subject: namespace[subjectLabel],
    others: [...namespace.slice(0, subjectLabel), ...namespace.slice(subjectLabel + 1)],
  };
}

/**
 * `[subject, kind?, ...rest]`: the label at `subjectLabel` (default the first) is the subject; the next one is the
 * memory kind when it names one (preference, fact, decision, episode, constraint, rule), otherwise `defaultKind`
 * applies and it is part of the rest; every label of the rest that is a valid tag becomes a tag, besides the
 * `langgraph` marker. With `subjectLabel: 1`, `["memories", "user-1"]` and `["memories", "user-2"]` are two
 * subjects: two users never share one (recall, RLS and erasure are per subject).
 * @throws RangeError when that label is not a valid subject.
 */
export function placeNamespace(
  namespace: readonly string[],
  defaultKind: MemoryKind,
  subjectLabel = 0,
): Placement {
  const { subject, others } = labelsAround(namespace, subjectLabel);
  if (subject === undefined || !SubjectSchema.safeParse(subject).success) {
    throw new RangeError(
      `namespace label ${subjectLabel} must be the subject (1 to 200 characters, no control characters)`,
    );
  }
  const [second] = others;
  const kind = isKind(second) ? second : defaultKind;
  const rest = others.slice(isKind(second) ? 1 : 0);
  const tags = [...new Set([LANGGRAPH_TAG, ...rest.filter(isTag)])].slice(0, MAX_TAGS);
  return { subject, kind, tags };
}

/** What Engram can filter on for a search prefix: the subject, the kind, and one tag that every match carries. */
export function narrowingOf(
  prefix: readonly string[],
  subjectLabel = 0,
): { subject?: string; kind?: MemoryKind; tag: string } {
  const { subject, others } = labelsAround(prefix, subjectLabel);
  // Labels before the subject's are only known when the prefix reaches it.
  const known = subject === undefined ? [] : others;
  const [second] = known;
  const rest = known.slice(isKind(second) ? 1 : 0);
  return {
    ...(subject !== undefined ? { subject } : {}),
    ...(isKind(second) ? { kind: second } : {}),
    tag: rest.find(isTag) ?? LANGGRAPH_TAG,
  };
}

/** Label-by-label prefix test (never a string prefix: ["a"] must not match ["ab"]). */
export function hasPrefix(namespace: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= namespace.length && prefix.every((label, i) => namespace[i] === label);
}
