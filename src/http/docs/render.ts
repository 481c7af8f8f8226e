// Renders an OpenAPI 3.1 document as one self-contained HTML page (pure): paths, methods, summaries and
// descriptions, parameters, request and response schemas with their examples. Every string from the document is
// escaped.

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_DEPTH = 6;

/** Escapes the five characters that are significant in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function resolve(schema: Json, doc: Json): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return obj(obj(obj(doc.components).schemas)[ref.slice('#/components/schemas/'.length)]);
}

/** A short type label: `string (uuid)`, `integer 0..3`, `"a" | "b"`, `string | null`, `array of object`. */
export function typeLabel(raw: Json, doc: Json): string {
  const schema = resolve(raw, doc);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = list(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0) return variants.map((v) => typeLabel(obj(v), doc)).join(' | ');
  const types = list(schema.type).length > 0 ? list(schema.type).map(String) : [String(schema.type ?? 'any')];
  const base = types
    .map((t) => (t === 'array' ? `array of ${typeLabel(obj(schema.items), doc)}` : t))
    .join(' | ');
  const notes: string[] = [];
  if (typeof schema.format === 'string') notes.push(schema.format);
  const range = (lo: unknown, hi: unknown) =>
    lo !== undefined || hi !== undefined ? `${lo ?? ''}..${hi ?? ''}` : null;
  const numeric = range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum);
  const length = range(schema.minLength, schema.maxLength);
  const items = range(schema.minItems, schema.maxItems);
  if (numeric) notes.push(numeric);
  if (length) notes.push(`${length} chars`);
  if (items) notes.push(`${items} items`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.length > 0 ? `${base} (${notes.join(', ')})` : base;
}

/** Nested list of an object's fields (and of objects inside arrays and unions), to MAX_DEPTH. */
export function renderSchema(raw: Json, doc: Json, depth = 0): string {
  const schema = resolve(raw, doc);
  if (depth >= MAX_DEPTH) return '';
  const variants = list(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0) {
    const parts = variants
      .map((v, i) => {
        const inner = renderSchema(obj(v), doc, depth + 1);
        return inner ? `<li><span class="muted">variant ${i + 1}</span>${inner}</li>` : '';
      })
      .join('');
    return parts ? `<ul class="schema">${parts}</ul>` : '';
  }
  if (list(schema.type).includes('array') || schema.type === 'array')
    return renderSchema(obj(schema.items), doc, depth);
  const properties = Object.entries(obj(schema.properties));
  if (properties.length === 0) return '';
  const required = new Set(list(schema.required).map(String));
  const rows = properties.map(([name, property]) => {
    const p = obj(property);
    const description =
      typeof p.description === 'string' ? ` <span class="muted">${escapeHtml(p.description)}</span>` : '';
    return (
      `<li><span class="field">${escapeHtml(name)}</span> <span class="type">${escapeHtml(typeLabel(p, doc))}</span>` +
      `${required.has(name) ? ' <span class="req">required</span>' : ''}${description}${renderSchema(p, doc, depth + 1)}</li>`
    );
  });
  return `<ul class="schema">${rows.join('')}</ul>`;
}

function jsonSchemaOf(content: unknown): Json | null {
  const media = obj(content);
  const entry = obj(media['application/json'] ?? Object.values(media)[0]);
  return entry.schema ? obj(entry.schema) : null;
}

/** The media type's example (or its first named one) as a `<pre>` block; a string example is shown as is. */
function renderExample(content: unknown): string {
  const media = obj(content);
  const entry = obj(media['application/json'] ?? Object.values(media)[0]);
  const named = Object.values(obj(entry.examples))[0];
  const example = entry.example !== undefined ? entry.example : obj(named).value;
  if (example === undefined) return '';
  const text = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return `<p class="muted">Example</p><pre>${escapeHtml(text)}</pre>`;
}

function renderOperation(path: string, method: string, op: Json, doc: Json): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const parameters = list(op.parameters).map(obj);
  const params = parameters.length
    ? `<div class="docs-section"><h3>Parameters</h3><ul class="schema">${parameters
        .map(
          (p) =>
            `<li><span class="field">${escapeHtml(String(p.name))}</span> <span class="muted">in ${escapeHtml(String(p.in))}</span> ` +
            `<span class="type">${escapeHtml(typeLabel(obj(p.schema), doc))}</span>${p.required ? ' <span class="req">required</span>' : ''}</li>`,
        )
        .join('')}</ul></div>`
    : '';
  const bodySchema = jsonSchemaOf(obj(op.requestBody).content);
  const body = bodySchema
    ? `<div class="docs-section"><h3>Request body <span class="type">${escapeHtml(typeLabel(bodySchema, doc))}</span></h3>${renderSchema(bodySchema, doc)}${renderExample(obj(op.requestBody).content)}</div>`
    : '';
  const responses = Object.entries(obj(op.responses))
    .map(([status, response]) => {
      const r = obj(response);
      const schema = jsonSchemaOf(r.content);
      const fields = status.startsWith('2')
        ? `${schema ? renderSchema(schema, doc) : ''}${renderExample(r.content)}`
        : '';
      return `<li><span class="field">${escapeHtml(status)}</span> ${escapeHtml(String(r.description ?? ''))}${fields}</li>`;
    })
    .join('');
  return (
    `<div class="docs-path" id="${escapeHtml(id)}"><div><span class="method ${method}">${method.toUpperCase()}</span>` +
    `<span class="mono">${escapeHtml(path)}</span></div>` +
    `${op.summary ? `<p>${escapeHtml(String(op.summary))}</p>` : ''}` +
    `${op.description ? `<p class="muted">${escapeHtml(String(op.description))}</p>` : ''}${params}${body}` +
    `<div class="docs-section"><h3>Responses</h3><ul class="schema">${responses}</ul></div></div>`
  );
}

/** The whole page. `stylesheet` is a same-origin URL (the page's CSP allows no inline style). */
export function renderApiDocs(doc: Json, stylesheet: string): string {
  const info = obj(doc.info);
  const operations = Object.entries(obj(doc.paths))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([path, item]) =>
      METHODS.filter((m) => obj(item)[m]).map((m) => ({ path, method: m, op: obj(obj(item)[m]) })),
    );
  const toc = operations
    .map(
      ({ path, method }) =>
        `<a href="#${escapeHtml(`${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-'))}">${method.toUpperCase()} ${escapeHtml(path)}</a>`,
    )
    .join('');
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)} · API</title><link rel="stylesheet" href="${escapeHtml(stylesheet)}"></head>
<body><header class="topbar"><div class="brand"><span class="logo" aria-hidden="true">◆</span> ${escapeHtml(String(info.title ?? 'API'))} <span class="muted">HTTP API ${escapeHtml(String(info.version ?? ''))}</span></div>
<div class="session"><a class="muted" href="/openapi.json">openapi.json</a></div></header>
<main><section class="card"><p>${escapeHtml(String(info.description ?? ''))} Every request and response body is JSON; send
<span class="mono">Authorization: Bearer &lt;key&gt;</span>. Errors are <span class="mono">{ "error": { "code", "message", "details" } }</span>.</p>
<nav class="toc">${toc}</nav></section>
<section class="card">${operations.map(({ path, method, op }) => renderOperation(path, method, op, doc)).join('')}</section></main></body></html>
`;
}
