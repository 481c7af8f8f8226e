// The Memory Inspector page (HTML), embedded as a string so that the Worker serves it without a file system.
// No inline script or style: the Content-Security-Policy allows only this origin's /inspect/app.js and app.css.

/** The page at GET /inspect. */
export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Engram · Memory Inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/inspect/app.css">
<script type="module" src="/inspect/app.js"></script>
</head>
<body>
<header class="topbar">
  <div class="brand"><span class="logo" aria-hidden="true">◆</span> Engram <span class="muted">Memory Inspector</span></div>
  <div class="session" id="session" hidden>
    <span class="muted" id="session-label">Signed in</span>
    <button type="button" class="ghost" id="sign-out">Sign out</button>
  </div>
</header>

<main>
  <section class="card narrow" id="signin-card">
    <h1>Sign in</h1>
    <p class="muted">Paste an Engram API key. It stays in this tab's memory only: never stored, never put in a URL.</p>
    <form id="signin-form" autocomplete="off">
      <label for="api-key">API key</label>
      <input id="api-key" name="api-key" type="password" required spellcheck="false" autocomplete="off" placeholder="egm_…">
      <button type="submit" class="primary" id="signin-button">Sign in</button>
    </form>
    <p class="error" id="signin-error" role="alert" hidden></p>
  </section>

  <div id="app" hidden>
    <section class="card">
      <form id="subject-form" class="row" autocomplete="off">
        <label for="subject" class="inline-label">Subject</label>
        <input id="subject" name="subject" list="subjects" required placeholder="user id, agent, project…">
        <datalist id="subjects"></datalist>
        <label class="check"><input type="checkbox" id="show-revoked"> show revoked and superseded</label>
        <button type="submit" class="primary">Open</button>
      </form>
    </section>

    <div id="subject-view" hidden>
      <section class="card">
        <div class="card-head">
          <h2>Search <span class="muted" id="search-subject"></span></h2>
        </div>
        <form id="search-form" class="row" autocomplete="off">
          <label for="query" class="sr-only">Query</label>
          <input id="query" name="query" required placeholder="Ask what the agent would ask…">
          <label for="mode" class="sr-only">Mode</label>
          <select id="mode">
            <option value="hybrid">hybrid</option>
            <option value="vector">vector</option>
            <option value="lexical">lexical</option>
          </select>
          <button type="submit" class="primary">Recall</button>
        </form>
        <p class="notice" id="degraded" hidden></p>
        <ol class="results" id="results"></ol>
        <details class="context" id="context-box" hidden>
          <summary>Context block sent to the prompt</summary>
          <pre id="context"></pre>
        </details>
      </section>

      <section class="card">
        <div class="card-head">
          <h2>Memories <span class="muted" id="memory-count"></span></h2>
          <button type="button" class="ghost" id="refresh">Refresh</button>
        </div>
        <div class="table-wrap">
          <table id="memories">
            <thead>
              <tr><th>Content</th><th>Kind</th><th>Trust</th><th>Source</th><th>Created</th><th>Updated</th><th>Embedding</th><th>State</th><th></th></tr>
            </thead>
            <tbody></tbody>
          </table>
        </div>
        <p class="muted empty" id="no-memories" hidden>No memories for this subject.</p>
        <p class="legend muted small">Trust: <span class="trust trust-0">0</span> untrusted external text
          · <span class="trust trust-1">1</span> model inference or unverified · <span class="trust trust-2">2</span> user or app
          · <span class="trust trust-3">3</span> system of record. Set by the server, never by the writer.</p>
      </section>

      <section class="card danger">
        <h2>Erase this subject</h2>
        <p class="muted">Deletes every memory, embedding and stored content of the subject. The audit trail keeps a receipt.</p>
        <button type="button" class="danger-button" id="erase-open">Erase subject…</button>
        <p class="receipt" id="erase-receipt" hidden></p>
      </section>
    </div>
  </div>
  <p class="toast" id="toast" role="status" aria-live="polite" hidden></p>
</main>

<dialog id="revoke-dialog">
  <form id="revoke-form">
    <h2>Revoke memory</h2>
    <p class="quote" id="revoke-content"></p>
    <label for="revoke-reason">Reason</label>
    <input id="revoke-reason" required maxlength="500" placeholder="why this memory must not be used again">
    <div class="actions"><button type="button" class="ghost" data-close>Cancel</button><button type="submit" class="danger-button" id="revoke-confirm">Revoke</button></div>
  </form>
</dialog>

<dialog id="replace-dialog">
  <form id="replace-form">
    <h2>Replace memory</h2>
    <label for="replace-content">New content</label>
    <textarea id="replace-content" required maxlength="8000" rows="5"></textarea>
    <label for="replace-reason">Reason (optional)</label>
    <input id="replace-reason" maxlength="500">
    <div class="actions"><button type="button" class="ghost" data-close>Cancel</button><button type="submit" class="primary" id="replace-confirm">Replace</button></div>
  </form>
</dialog>

<dialog id="erase-dialog">
  <form id="erase-form" autocomplete="off">
    <h2>Erase subject</h2>
    <p>This cannot be undone. Type <strong id="erase-name"></strong> to confirm.</p>
    <label for="erase-confirm-input" class="sr-only">Subject name</label>
    <input id="erase-confirm-input" spellcheck="false">
    <div class="actions"><button type="button" class="ghost" data-close>Cancel</button><button type="submit" class="danger-button" id="erase-confirm" disabled>Erase</button></div>
  </form>
</dialog>

<dialog id="audit-dialog" class="wide">
  <h2>Audit trail <span class="muted mono" id="audit-id"></span></h2>
  <div class="table-wrap">
    <table id="audit"><thead><tr><th>When</th><th>Action</th><th>Actor</th><th>Reason</th><th>Related</th></tr></thead><tbody></tbody></table>
  </div>
  <p class="muted" id="audit-empty" hidden>No events.</p>
  <div class="actions"><button type="button" class="ghost" data-close>Close</button></div>
</dialog>
</body>
</html>
`;
