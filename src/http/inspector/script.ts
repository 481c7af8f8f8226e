// The Memory Inspector's script (a plain ES module, no build step), embedded as a string for the Worker. It keeps
// the API key in a variable only, sends queries and content in POST bodies only, and renders every memory with
// textContent: memory content is untrusted (trust 0 is external text) and must never become markup.

// biome-ignore lint/complexity/noUselessStringRaw: a backslash added later (a regex) must reach the browser as typed.
export const INSPECTOR_JS = String.raw`'use strict';

const TRUST = ['untrusted', 'inferred', 'user or app', 'system of record'];
const state = { key: null, subject: null, memories: [], lastSearch: null, pending: null };
const byId = (id) => document.getElementById(id);

/** Builds an element; children are nodes or text (never parsed as HTML). */
function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function when(iso) {
  if (!iso) return '';
  return iso.slice(0, 16).replace('T', ' ');
}

function num(value, digits) {
  return value === null || value === undefined ? '—' : Number(value).toFixed(digits);
}

let toastTimer = 0;
function toast(message, isError) {
  const node = byId('toast');
  node.textContent = message;
  node.className = isError ? 'toast error' : 'toast';
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 5000);
}

class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || ('HTTP ' + status));
    this.status = status;
    this.code = error.code || 'http_' + status;
    this.details = error.details;
  }
}

async function api(method, path, body) {
  const headers = { accept: 'application/json', authorization: 'Bearer ' + state.key };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && state.key) signOut('The server refused the key; sign in again.');
    throw new ApiError(response.status, data);
  }
  return data;
}

function explain(error) {
  if (error.code === 'rejected_by_gate' && error.details && Array.isArray(error.details.reasons)) {
    return 'Rejected by the write gate: ' + error.details.reasons.map((r) => r.code).join(', ');
  }
  if (error.status === 404 && error.message === 'no such route') return 'This server does not offer that action yet.';
  return error.code + ': ' + error.message;
}

/* ---------- sign in ---------- */

async function signIn(event) {
  event.preventDefault();
  const input = byId('api-key');
  const errorBox = byId('signin-error');
  state.key = input.value.trim();
  input.value = '';
  errorBox.hidden = true;
  try {
    const page = await api('GET', '/v1/memories?limit=200');
    const subjects = [...new Set(page.items.map((m) => m.subject))].sort();
    byId('subjects').replaceChildren(...subjects.map((s) => el('option', { value: s })));
    byId('signin-card').hidden = true;
    byId('app').hidden = false;
    byId('session').hidden = false;
    byId('subject').focus();
  } catch (error) {
    state.key = null;
    errorBox.textContent = error.status === 401 ? 'That key was refused.' : explain(error);
    errorBox.hidden = false;
  }
}

function signOut(message) {
  state.key = null;
  state.subject = null;
  state.memories = [];
  state.lastSearch = null;
  byId('app').hidden = true;
  byId('session').hidden = true;
  byId('subject-view').hidden = true;
  // Drop every rendered memory from the DOM, not just hide it.
  byId('memories').tBodies[0].replaceChildren();
  byId('results').replaceChildren();
  byId('context').textContent = '';
  byId('subjects').replaceChildren();
  byId('signin-card').hidden = false;
  const errorBox = byId('signin-error');
  errorBox.textContent = message || '';
  errorBox.hidden = !message;
  byId('api-key').focus();
}

/* ---------- memories ---------- */

function stateOf(memory) {
  if (memory.revoked_at) return { label: 'revoked', cls: 'bad', note: memory.revoked_reason || '' };
  if (memory.superseded_by) return { label: 'superseded', cls: 'warn', note: 'by ' + memory.superseded_by.slice(0, 8) };
  if (memory.expires_at && Date.parse(memory.expires_at) <= Date.now()) return { label: 'expired', cls: 'warn', note: '' };
  return { label: 'live', cls: 'ok', note: memory.expires_at ? 'until ' + when(memory.expires_at) : '' };
}

// An extracted memory names the episodes (stored chat turns) it was read from, its own and those of the writes
// merged into it: shown under its content, as the turns' words when they are among the loaded memories.
function sourceEpisodeIds(memory) {
  const meta = memory.metadata || {};
  const ids = [];
  const add = (extraction) => {
    if (extraction && Array.isArray(extraction.episode_ids))
      for (const id of extraction.episode_ids) if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
  };
  add(meta.extraction);
  if (Array.isArray(meta.merged)) for (const m of meta.merged) add(m && m.extraction);
  return ids;
}

function sourceTurns(memory) {
  const ids = sourceEpisodeIds(memory);
  if (ids.length === 0) return null;
  const byEpisode = new Map(state.memories.map((m) => [m.id, m]));
  return el('div', { class: 'sources small muted', 'data-role': 'source-turns' }, 'From chat: ',
    ids.map((id) => {
      const turn = byEpisode.get(id);
      return el('div', { class: 'source-turn', 'data-episode': id },
        el('span', { class: 'mono' }, id.slice(0, 8)), ' ', turn ? turn.content : '');
    }));
}

function memoryRow(memory) {
  const st = stateOf(memory);
  const live = st.label === 'live';
  const source = memory.source || { type: '?' };
  return el('tr', { 'data-id': memory.id, class: live ? '' : 'dim' },
    el('td', { class: 'content-cell' },
      el('div', { class: 'content' }, memory.content),
      sourceTurns(memory),
      el('div', { class: 'meta mono' }, memory.id.slice(0, 8),
        memory.tags.length ? el('span', { class: 'tags' }, memory.tags.map((t) => el('span', { class: 'tag' }, t))) : null)),
    el('td', {}, el('span', { class: 'badge kind-' + memory.kind }, memory.kind)),
    el('td', { class: 'trust-cell', title: TRUST[memory.trust] || '' }, el('span', { class: 'trust trust-' + memory.trust }, String(memory.trust))),
    el('td', { class: 'small' }, source.type, source.uri ? el('div', { class: 'muted mono clip' }, source.uri) : null),
    el('td', { class: 'small nowrap' }, when(memory.created_at)),
    el('td', { class: 'small nowrap' }, when(memory.updated_at)),
    el('td', { title: memory.embedding.model || '' }, el('span', { class: 'badge emb-' + memory.embedding.status }, memory.embedding.status)),
    el('td', {}, el('span', { class: 'badge ' + st.cls }, st.label), st.note ? el('div', { class: 'muted small' }, st.note) : null),
    el('td', { class: 'actions-cell' },
      el('button', { type: 'button', class: 'small-button', 'data-action': 'revoke', disabled: !live, onclick: () => openRevoke(memory) }, 'Revoke'),
      el('button', { type: 'button', class: 'small-button', 'data-action': 'replace', disabled: !live, onclick: () => openReplace(memory) }, 'Replace'),
      el('button', { type: 'button', class: 'small-button ghost', 'data-action': 'audit', onclick: () => openAudit(memory) }, 'Audit')));
}

async function loadMemories() {
  const include = byId('show-revoked').checked ? '&include=revoked,superseded' : '';
  const page = await api('GET', '/v1/memories?limit=200&subject=' + encodeURIComponent(state.subject) + include);
  state.memories = page.items;
  byId('memories').tBodies[0].replaceChildren(...page.items.map(memoryRow));
  byId('memory-count').textContent = page.items.length + (page.next_cursor ? '+' : '') + ' shown';
  byId('no-memories').hidden = page.items.length > 0;
}

async function openSubject(event) {
  event.preventDefault();
  state.subject = byId('subject').value.trim();
  if (!state.subject) return;
  byId('search-subject').textContent = 'in ' + state.subject;
  byId('results').replaceChildren();
  byId('context-box').hidden = true;
  byId('degraded').hidden = true;
  byId('erase-receipt').hidden = true;
  state.lastSearch = null;
  try {
    await loadMemories();
    byId('subject-view').hidden = false;
  } catch (error) {
    toast(explain(error), true);
  }
}

/* ---------- search ---------- */

function whyGrid(why) {
  const cell = (label, value) => el('div', { class: 'why-cell' }, el('span', { class: 'why-label' }, label), el('span', { class: 'why-value mono' }, value));
  return el('div', { class: 'why' },
    cell('lanes', why.lanes.join(' + ') || '—'),
    cell('vector similarity', num(why.vector_similarity, 3)),
    cell('vector rank', why.vector_rank ?? '—'),
    cell('lexical rank', why.lexical_rank ?? '—'),
    cell('rrf', num(why.rrf, 4) + ' (' + num(why.rrf_normalised, 2) + ')'),
    cell('recency', num(why.recency, 2)),
    cell('threshold', why.threshold === null ? 'none' : num(why.threshold, 3)),
    cell('importance', num(why.importance, 2)),
    cell('trust', String(why.trust)));
}

function resultItem(item, rank) {
  const memory = state.memories.find((m) => m.id === item.id);
  return el('li', { class: 'result', 'data-id': item.id },
    el('div', { class: 'result-head' },
      el('span', { class: 'rank' }, '#' + rank),
      el('span', { class: 'badge kind-' + item.kind }, item.kind),
      el('span', { class: 'score mono' }, 'score ' + num(item.score, 3)),
      item.in_context ? null : el('span', { class: 'badge warn' }, 'not in context'),
      el('span', { class: 'spacer' }),
      el('button', { type: 'button', class: 'small-button', 'data-action': 'revoke', onclick: () => openRevoke(memory || item) }, 'Revoke')),
    el('p', { class: 'result-content' }, item.content),
    el('div', { class: 'meta mono' }, item.id),
    item.why ? whyGrid(item.why) : null);
}

async function runSearch(query, mode) {
  const result = await api('POST', '/v1/recall', {
    subject: state.subject,
    query,
    mode,
    explain: true,
    limit: 20,
    budget: { max_items: 10, max_chars_per_item: 600, max_total_chars: 6000 },
  });
  state.lastSearch = { query, mode };
  const list = byId('results');
  list.replaceChildren(...result.items.map((item, i) => resultItem(item, i + 1)));
  if (result.items.length === 0) list.append(el('li', { class: 'muted empty' }, 'Nothing recalled for this query.'));
  const degraded = byId('degraded');
  degraded.hidden = !result.degraded;
  degraded.textContent = result.degraded ? 'Degraded: ' + result.degraded.reason + ' (answered by ' + result.degraded.lanes.join(', ') + ' only)' : '';
  byId('context').textContent = result.context;
  byId('context-box').hidden = result.context === '';
}

async function search(event) {
  event.preventDefault();
  const input = byId('query');
  try {
    await runSearch(input.value, byId('mode').value);
  } catch (error) {
    toast(explain(error), true);
  }
}

async function refreshViews() {
  await loadMemories();
  if (state.lastSearch) await runSearch(state.lastSearch.query, state.lastSearch.mode);
}

/* ---------- dialogs ---------- */

function openRevoke(memory) {
  state.pending = memory;
  byId('revoke-content').textContent = memory.content;
  byId('revoke-reason').value = '';
  byId('revoke-dialog').showModal();
  byId('revoke-reason').focus();
}

async function confirmRevoke(event) {
  event.preventDefault();
  const memory = state.pending;
  try {
    await api('POST', '/v1/memories/' + encodeURIComponent(memory.id) + '/revoke', { reason: byId('revoke-reason').value.trim() });
    byId('revoke-dialog').close();
    toast('Revoked ' + memory.id.slice(0, 8) + '.');
    await refreshViews();
  } catch (error) {
    toast(explain(error), true);
  }
}

function openReplace(memory) {
  state.pending = memory;
  byId('replace-content').value = memory.content;
  byId('replace-reason').value = '';
  byId('replace-dialog').showModal();
  byId('replace-content').focus();
}

async function confirmReplace(event) {
  event.preventDefault();
  const memory = state.pending;
  const body = { content: byId('replace-content').value };
  const reason = byId('replace-reason').value.trim();
  if (reason) body.reason = reason;
  try {
    const result = await api('POST', '/v1/memories/' + encodeURIComponent(memory.id) + '/replace', body);
    byId('replace-dialog').close();
    toast('Replaced by ' + result.memory.id.slice(0, 8) + '.');
    await refreshViews();
  } catch (error) {
    toast(explain(error), true);
  }
}

async function openAudit(memory) {
  byId('audit-id').textContent = memory.id;
  const body = byId('audit').tBodies[0];
  body.replaceChildren();
  byId('audit-empty').hidden = true;
  byId('audit-dialog').showModal();
  try {
    const page = await api('GET', '/v1/audit?limit=200&memory_id=' + encodeURIComponent(memory.id));
    body.replaceChildren(...page.items.map((e) => el('tr', {},
      el('td', { class: 'small nowrap' }, when(e.at)),
      el('td', {}, el('span', { class: 'badge' }, e.action)),
      el('td', { class: 'small mono' }, e.actor),
      el('td', { class: 'small' }, e.reason || ''),
      el('td', { class: 'small mono' }, (e.related_ids || []).map((id) => id.slice(0, 8)).join(' ')))));
    byId('audit-empty').hidden = page.items.length > 0;
  } catch (error) {
    byId('audit-dialog').close();
    toast(explain(error), true);
  }
}

function openErase() {
  byId('erase-name').textContent = state.subject;
  byId('erase-confirm-input').value = '';
  byId('erase-confirm').disabled = true;
  byId('erase-dialog').showModal();
  byId('erase-confirm-input').focus();
}

async function confirmErase(event) {
  event.preventDefault();
  const subject = state.subject;
  if (byId('erase-confirm-input').value !== subject) return;
  try {
    const result = await api('DELETE', '/v1/subjects/' + encodeURIComponent(subject));
    byId('erase-dialog').close();
    byId('results').replaceChildren();
    byId('context-box').hidden = true;
    state.lastSearch = null;
    await loadMemories();
    const receipt = byId('erase-receipt');
    receipt.textContent = 'Erased ' + result.erased.memories + ' memories and ' + result.erased.embeddings + ' embeddings; ' +
      result.erased.audit_events_redacted + ' audit events redacted. Receipt ' + result.receipt_id + '.';
    receipt.hidden = false;
  } catch (error) {
    toast(explain(error), true);
  }
}

/* ---------- wiring ---------- */

byId('signin-form').addEventListener('submit', signIn);
byId('sign-out').addEventListener('click', () => signOut());
byId('subject-form').addEventListener('submit', openSubject);
byId('show-revoked').addEventListener('change', () => { if (state.subject) loadMemories().catch((e) => toast(explain(e), true)); });
byId('refresh').addEventListener('click', () => refreshViews().catch((e) => toast(explain(e), true)));
byId('search-form').addEventListener('submit', search);
byId('revoke-form').addEventListener('submit', confirmRevoke);
byId('replace-form').addEventListener('submit', confirmReplace);
byId('erase-open').addEventListener('click', openErase);
byId('erase-form').addEventListener('submit', confirmErase);
byId('erase-confirm-input').addEventListener('input', (event) => {
  byId('erase-confirm').disabled = event.target.value !== state.subject;
});
for (const button of document.querySelectorAll('[data-close]')) {
  button.addEventListener('click', () => button.closest('dialog').close());
}
byId('api-key').focus();
`;
