// The stylesheet of the Inspector and the API docs page, embedded as a string (served from /inspect/app.css).

/** The stylesheet at GET /inspect/app.css, shared by /docs. */
export const INSPECTOR_CSS = `:root {
  --bg: #f6f7f9; --card: #fff; --ink: #1c2330; --muted: #6b7485; --line: #e3e6eb; --accent: #3957d6;
  --accent-ink: #fff; --ok: #1f7a4d; --ok-bg: #e3f4ea; --warn: #8a5a00; --warn-bg: #fbf0d9; --bad: #a8261f;
  --bad-bg: #fbe4e2; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--ink); }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
[hidden] { display: none !important; }
h1 { font-size: 20px; margin: 0 0 6px; }
h2 { font-size: 16px; margin: 0 0 12px; }
a { color: var(--accent); }
.muted { color: var(--muted); font-weight: normal; }
.small { font-size: 12px; }
.mono { font-family: var(--mono); font-size: 12px; }
.nowrap { white-space: nowrap; }
.clip { max-width: 220px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.topbar { display: flex; align-items: center; justify-content: space-between; padding: 12px 24px;
  background: #151b2b; color: #e9ecf3; }
.brand { font-weight: 600; font-size: 15px; letter-spacing: .2px; }
.brand .muted { color: #9aa4b8; margin-left: 6px; }
.logo { color: #7f97ff; margin-right: 4px; }
.session { display: flex; gap: 12px; align-items: center; }
.session .muted { color: #9aa4b8; }
main { max-width: 1240px; margin: 0 auto; padding: 20px 24px 60px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px;
  margin-bottom: 16px; box-shadow: 0 1px 2px rgba(20, 30, 50, .04); }
.card.narrow { max-width: 460px; margin: 48px auto; }
.card-head { display: flex; align-items: center; justify-content: space-between; }
.card.danger { border-color: #f0c9c5; }
label { display: block; font-weight: 600; font-size: 12px; color: #3b4456; margin: 10px 0 4px; }
.inline-label { margin: 0; }
label.check { display: flex; align-items: center; gap: 6px; font-weight: normal; color: var(--muted); margin: 0;
  white-space: nowrap; }
input[type=checkbox] { width: auto; margin: 0; }
input, select, textarea { font: inherit; color: inherit; border: 1px solid #cfd5de; border-radius: 7px;
  padding: 7px 10px; background: #fff; width: 100%; }
input:focus, select:focus, textarea:focus { outline: 2px solid #c7d2fe; border-color: var(--accent); }
textarea { resize: vertical; }
.row { display: flex; gap: 10px; align-items: center; }
.row input:not([type=checkbox]) { flex: 1; width: auto; }
.row select { width: auto; }
button { font: inherit; border-radius: 7px; padding: 7px 14px; border: 1px solid #cfd5de; background: #fff;
  color: var(--ink); cursor: pointer; }
button:disabled { opacity: .45; cursor: not-allowed; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); font-weight: 600; }
button.ghost { background: transparent; }
.topbar button.ghost { color: #e9ecf3; border-color: #3a4460; }
button.danger-button { background: var(--bad); border-color: var(--bad); color: #fff; font-weight: 600; }
.small-button { padding: 3px 9px; font-size: 12px; }
#signin-form button { margin-top: 14px; width: 100%; }
.error { color: var(--bad); }
.notice { background: var(--warn-bg); color: var(--warn); padding: 8px 12px; border-radius: 7px; }
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-size: 11px; text-transform: uppercase; letter-spacing: .4px; color: var(--muted);
  font-weight: 600; padding: 8px 10px; border-bottom: 1px solid var(--line); }
td { padding: 9px 10px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
tr.dim td { opacity: .6; }
.content-cell { min-width: 240px; max-width: 420px; }
.legend { margin: 12px 0 0; }
.legend .trust { width: 18px; font-size: 11px; }
.content { white-space: pre-wrap; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 4;
  -webkit-box-orient: vertical; overflow: hidden; }
.meta { color: var(--muted); margin-top: 3px; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.sources { margin-top: 3px; }
.source-turn { white-space: pre-wrap; overflow-wrap: anywhere; }
.tags { display: inline-flex; gap: 4px; flex-wrap: wrap; }
.tag { background: #eef1f6; border-radius: 4px; padding: 0 5px; font-family: system-ui, sans-serif; }
.actions-cell { white-space: nowrap; text-align: right; }
.actions-cell button + button { margin-left: 4px; }
.badge { display: inline-block; font-size: 11px; font-weight: 600; padding: 1px 8px; border-radius: 999px;
  background: #eef1f6; color: #3b4456; }
.badge.ok, .badge.emb-ready { background: var(--ok-bg); color: var(--ok); }
.badge.warn, .badge.emb-pending { background: var(--warn-bg); color: var(--warn); }
.badge.bad, .badge.emb-failed { background: var(--bad-bg); color: var(--bad); }
.kind-preference { background: #ede9fe; color: #5b21b6; }
.kind-fact { background: #e0f2fe; color: #075985; }
.kind-decision { background: #fce7f3; color: #9d174d; }
.kind-episode { background: #f1f5f9; color: #334155; }
.kind-constraint { background: #ffedd5; color: #9a3412; }
.kind-rule { background: #dcfce7; color: #166534; }
.trust-cell { white-space: nowrap; }
.trust { display: inline-block; width: 20px; text-align: center; border-radius: 4px; font-weight: 700; }
.trust-0 { background: var(--bad-bg); color: var(--bad); }
.trust-1 { background: var(--warn-bg); color: var(--warn); }
.trust-2 { background: #e0e7ff; color: #3730a3; }
.trust-3 { background: var(--ok-bg); color: var(--ok); }
.results { list-style: none; padding: 0; margin: 14px 0 0; }
.result { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; margin-bottom: 10px; }
.result-head { display: flex; align-items: center; gap: 8px; }
.rank { font-weight: 700; color: var(--accent); }
.score { color: var(--muted); }
.spacer { flex: 1; }
.result-content { margin: 8px 0 2px; white-space: pre-wrap; overflow-wrap: anywhere; }
.why { display: grid; grid-template-columns: repeat(auto-fill, minmax(112px, 1fr)); gap: 6px; margin-top: 10px;
  background: #f7f8fb; border-radius: 7px; padding: 8px 10px; }
.why-cell { display: flex; flex-direction: column; }
.why-label { font-size: 10px; text-transform: uppercase; letter-spacing: .4px; color: var(--muted); }
.context { margin-top: 8px; }
.context summary { cursor: pointer; color: var(--muted); }
pre { background: #151b2b; color: #e3e8f5; padding: 12px; border-radius: 7px; overflow-x: auto;
  white-space: pre-wrap; font-family: var(--mono); font-size: 12px; }
.empty { padding: 12px 0; }
.receipt { background: var(--ok-bg); color: var(--ok); padding: 8px 12px; border-radius: 7px; }
.toast { position: fixed; bottom: 20px; left: 50%; transform: translateX(-50%); background: #151b2b; color: #fff;
  padding: 10px 16px; border-radius: 8px; box-shadow: 0 6px 20px rgba(0, 0, 0, .2); }
.toast.error { background: var(--bad); }
dialog { border: none; border-radius: 12px; padding: 20px 22px; width: min(520px, 92vw);
  box-shadow: 0 20px 50px rgba(15, 20, 35, .3); }
dialog.wide { width: min(900px, 94vw); }
dialog::backdrop { background: rgba(15, 20, 35, .45); }
.quote { background: #f7f8fb; border-left: 3px solid var(--line); padding: 8px 10px; white-space: pre-wrap;
  overflow-wrap: anywhere; max-height: 160px; overflow: auto; }
.actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px; }
/* API docs page */
.docs-path { border-top: 1px solid var(--line); padding: 12px 0; }
.method { display: inline-block; min-width: 60px; text-align: center; font: 700 11px var(--mono); padding: 2px 6px;
  border-radius: 4px; margin-right: 8px; color: #fff; background: #64748b; }
.method.get { background: #2563eb; } .method.post { background: #16a34a; } .method.delete { background: #dc2626; }
.method.put, .method.patch { background: #d97706; }
.schema { margin: 4px 0 0 0; padding-left: 18px; font-size: 13px; }
.schema li { margin: 2px 0; }
.field { font-family: var(--mono); font-size: 12px; font-weight: 600; }
.type { color: #7c3aed; font-family: var(--mono); font-size: 12px; }
.req { color: var(--bad); font-size: 11px; }
.docs-section h3 { font-size: 13px; margin: 10px 0 2px; color: #3b4456; }
nav.toc a { display: inline-block; margin: 0 10px 4px 0; }
`;
