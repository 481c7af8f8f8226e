// The searchable text of a store item (pure): its path label, then the chosen fields of its value (the whole
// value as JSON by default), cut to Engram's content limit.
import { getTextAtPath } from '@langchain/langgraph-checkpoint';
import { MAX_CONTENT_CHARS } from '../../contract/index.ts';

/**
 * `rest/of/namespace/key: text`. The label makes the content unique per item within a subject: Engram stores
 * one live memory per content (it dedupes by content hash), so two keys holding the same value would otherwise
 * collapse into one memory. `fields` are LangGraph index paths (`title`, `meta.summary`, `chapters[*].text`),
 * `$` meaning the whole value.
 */
export function itemContent(
  namespace: readonly string[],
  key: string,
  value: Record<string, unknown>,
  fields: readonly string[] | false = ['$'],
): string {
  const label = [...namespace.slice(1), key].join('/');
  // `index: false`: the value is kept (in metadata) but none of it is searchable text.
  if (fields === false) return cut(label);
  const texts = fields.flatMap((field) =>
    field === '$' ? [JSON.stringify(value)] : getTextAtPath(value, field),
  );
  const text = texts.length > 0 ? texts.join('\n') : JSON.stringify(value);
  return cut(`${label}: ${text}`);
}

function cut(content: string): string {
  if (content.length <= MAX_CONTENT_CHARS) return content;
  // Never end on half of a surrogate pair: the database refuses a lone surrogate.
  const head = content.slice(0, MAX_CONTENT_CHARS);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}
