// The Memory Inspector end to end in headless Chromium against the real Node server: sign in, open a subject,
// search and read the why, revoke, and the memory is gone from the next recall; replace, audit trail, erase with
// a typed confirmation, the chat turns an extracted memory came from, sign out. Also checks, at run time, that
// the key and the query never reach a URL or storage, that memory content is never parsed as HTML, and that
// the page raises no CSP violation. Saves test-results/inspector.png.
import { mkdir } from 'node:fs/promises';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngramClient, type EngramClient } from '../../../src/client/index.ts';
import { CHROMIUM_ARGS, findChromium } from '../../support/chromium.ts';
import { startTestServer, type TestServer } from '../../support/node-server.ts';

const CHROMIUM = findChromium();
const SCREENSHOT = 'test-results/inspector.png';

let t: TestServer;
let client: EngramClient;
let browser: Browser;
let page: Page;
const requests: { method: string; url: string }[] = [];
const problems: string[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  if (!CHROMIUM.path) return;
  t = await startTestServer('inspector');
  client = createEngramClient({ baseUrl: t.url, apiKey: t.apiKey });
  const seed = [
    ['tea', 'preference', 'Ada prefers green tea, never coffee, in the morning'],
    ['city', 'fact', 'Ada lives in Lisbon near the river'],
    ['bike', 'fact', 'Ada commutes by bicycle every day'],
    ['deadline', 'decision', 'The team decided to ship the compiler release on Friday'],
    ['xss', 'fact', 'Ada pasted <img src=x onerror="window.__xss=1"> into a note'],
  ] as const;
  for (const [name, kind, content] of seed) {
    ids[name] = (await client.remember({ subject: 'ada', kind, content, tags: [name] })).memory.id;
  }
  await client.remember({ subject: 'bo', kind: 'fact', content: 'Bo keeps bees' });

  browser = await chromium.launch({
    executablePath: CHROMIUM.path,
    args: CHROMIUM_ARGS,
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  // CSP violations are reported as DOM events; collect them from the start.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Polls until the page settles; generous because these machines are shared and often loaded. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 50 });

const resultIds = () =>
  page.locator('#results li.result').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')));

// Without a Chromium the suite is reported as skipped, with the reason in its name.
describe.skipIf(!CHROMIUM.path)(
  `Memory Inspector in Chromium${CHROMIUM.skipReason ? ` (skipped: ${CHROMIUM.skipReason})` : ''}`,
  () => {
    it('refuses a wrong key and signs in with the right one', async () => {
      await page.goto(`${t.url}/inspect`);
      await page.fill('#api-key', 'egm_wrong_key_00000000000000000000');
      await page.click('#signin-button');
      await eventually(() => page.textContent('#signin-error')).toBe('That key was refused.');

      await page.fill('#api-key', t.apiKey);
      await page.click('#signin-button');
      await page.waitForSelector('#app:not([hidden])');
      expect(await page.inputValue('#api-key')).toBe('');
      const subjects = await page
        .locator('#subjects option')
        .evaluateAll((o) => o.map((n) => n.getAttribute('value')));
      expect(subjects).toEqual(['ada', 'bo']);
    });

    it('lists the memories of a subject with kind, trust, source, dates and embedding status; content stays text', async () => {
      await page.fill('#subject', 'ada');
      await page.click('#subject-form button[type=submit]');
      await page.waitForSelector('#subject-view:not([hidden])');
      const rows = page.locator('#memories tbody tr');
      await eventually(() => rows.count()).toBe(5);
      const tea = page.locator(`#memories tr[data-id="${ids.tea}"]`);
      const cells = await tea.locator('td').allTextContents();
      expect(cells[0]).toContain('Ada prefers green tea');
      expect(cells[1]).toBe('preference');
      expect(cells[2]).toBe(String((await client.get(ids.tea!)).trust));
      expect(cells[3]).toContain('app');
      expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(cells[6]).toBe('ready');
      expect(cells[7]).toBe('live');
      // The markup in a memory is shown as text and never runs.
      const xss = page.locator(`#memories tr[data-id="${ids.xss}"] .content`);
      expect(await xss.textContent()).toContain('<img src=x onerror="window.__xss=1">');
      expect(await page.locator('#memories img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    });

    it('searches and shows why each item was recalled', async () => {
      await page.fill('#query', 'what tea does Ada drink in the morning?');
      await page.click('#search-form button[type=submit]');
      await page.waitForSelector('#results li.result');
      expect((await resultIds())[0]).toBe(ids.tea);
      const first = page.locator('#results li.result').first();
      const why = Object.fromEntries(
        await first
          .locator('.why-cell')
          .evaluateAll((cells) =>
            cells.map((c) => [
              c.querySelector('.why-label')?.textContent,
              c.querySelector('.why-value')?.textContent,
            ]),
          ),
      ) as Record<string, string>;
      expect(why.lanes).toBe('vector + lexical');
      expect(Number(why['vector similarity'])).toBeGreaterThan(0);
      expect(why['vector rank']).toBe('1');
      expect(why['lexical rank']).toBe('1');
      expect(why.threshold).toBe('none');
      expect(Number(why.recency)).toBeGreaterThan(0);
      expect(await page.textContent('#context')).toContain(ids.tea);

      await mkdir('test-results', { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
    });

    it('revokes with a reason; the memory is gone from the next recall', async () => {
      await page.locator(`#results li.result[data-id="${ids.tea}"] button[data-action=revoke]`).click();
      await page.waitForSelector('#revoke-dialog[open]');
      expect(await page.textContent('#revoke-content')).toContain('green tea');
      await page.fill('#revoke-reason', 'user said this is outdated');
      await page.click('#revoke-confirm');
      await eventually(() => page.textContent('#toast')).toContain('Revoked');
      // The page re-ran the search after revoking: the memory is gone from it.
      await eventually(resultIds).not.toContain(ids.tea);
      expect(await page.locator(`#memories tr[data-id="${ids.tea}"]`).count()).toBe(0);

      const recall = await client.recall({
        subject: 'ada',
        query: 'what tea does Ada drink in the morning?',
      });
      expect(recall.items.map((i) => i.id)).not.toContain(ids.tea);
      expect((await client.get(ids.tea!)).revoked_reason).toBe('user said this is outdated');

      await page.check('#show-revoked');
      await eventually(() =>
        page.locator(`#memories tr[data-id="${ids.tea}"] td`).nth(7).textContent(),
      ).toContain('revoked');
    });

    it('replaces a memory and shows the audit trail of the old version', async () => {
      await page.locator(`#memories tr[data-id="${ids.city}"] button[data-action=replace]`).click();
      await page.waitForSelector('#replace-dialog[open]');
      expect(await page.inputValue('#replace-content')).toBe('Ada lives in Lisbon near the river');
      await page.fill('#replace-content', 'Ada lives in Porto near the sea');
      await page.fill('#replace-reason', 'moved to Porto');
      await page.click('#replace-confirm');
      await eventually(() => page.textContent('#toast')).toContain('Replaced by');
      const old = await client.get(ids.city!);
      expect(old.superseded_by).toEqual(expect.any(String));
      const fresh = page.locator(`#memories tr[data-id="${old.superseded_by}"]`);
      await eventually(() => fresh.locator('.content').textContent()).toBe('Ada lives in Porto near the sea');
      // Revoked and superseded rows are shown (the box was ticked above): the old version is marked superseded.
      expect(await page.locator(`#memories tr[data-id="${ids.city}"] td`).nth(7).textContent()).toContain(
        'superseded',
      );

      await page.locator(`#memories tr[data-id="${ids.city}"] button[data-action=audit]`).click();
      await page.waitForSelector('#audit-dialog[open]');
      const audit = page.locator('#audit tbody tr');
      await eventually(() => audit.count()).toBe(2);
      const rows = await audit.evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((td) => td.textContent)),
      );
      expect(rows.map((r) => r[1])).toEqual(['write', 'replace']);
      expect(rows[1]?.[3]).toBe('moved to Porto');
      expect(rows[1]?.[4]).toBe(old.superseded_by!.slice(0, 8));
      await page.click('#audit-dialog [data-close]');
    });

    it('never puts the key or the query in a URL or in storage, and raises no CSP violation', async () => {
      const query = 'what tea does Ada drink';
      for (const r of requests) {
        expect(r.url).not.toContain(t.apiKey);
        expect(decodeURIComponent(r.url)).not.toContain(query);
      }
      expect(requests.filter((r) => r.url.endsWith('/v1/recall')).every((r) => r.method === 'POST')).toBe(
        true,
      );
      expect(page.url()).toBe(`${t.url}/inspect`);
      const stored = await page.evaluate(() => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
      }));
      expect(stored).toEqual({ local: 0, session: 0, cookie: '' });
      expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
      // The one failed load is the wrong key of the first test, refused with 401 as it should be.
      expect(problems).toEqual([
        'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
      ]);
    });

    it('erases the subject only after its name is typed', async () => {
      await page.click('#erase-open');
      await page.waitForSelector('#erase-dialog[open]');
      expect(await page.textContent('#erase-name')).toBe('ada');
      expect(await page.isDisabled('#erase-confirm')).toBe(true);
      await page.fill('#erase-confirm-input', 'ad');
      expect(await page.isDisabled('#erase-confirm')).toBe(true);
      await page.fill('#erase-confirm-input', 'ada');
      expect(await page.isDisabled('#erase-confirm')).toBe(false);
      await page.click('#erase-confirm');
      await eventually(() => page.textContent('#erase-receipt')).toMatch(
        /^Erased 6 memories and \d+ embeddings; \d+ audit events redacted\. Receipt \S+\.$/,
      );
      // The receipt is shown once the table has been reloaded.
      expect(await page.locator('#memories tbody tr').count()).toBe(0);
      expect(
        (await client.list({ subject: 'ada', include: ['revoked', 'superseded', 'expired'] })).items,
      ).toEqual([]);
      expect((await client.list({ subject: 'bo' })).items).toHaveLength(1);
    });

    it('shows the chat turns an extracted memory was read from', async () => {
      const answer = await client.ingest({
        subject: 'cy',
        session: 'chat-1',
        messages: [{ speaker: 'user', text: "Remember I don't eat cilantro" }],
      });
      const extracted = answer.extraction.proposals[0]!.id!;
      await page.fill('#subject', 'cy');
      await page.click('#subject-form button[type=submit]');
      await eventually(() => page.locator('#memories tbody tr').count()).toBe(2);
      const turns = page.locator(`#memories tr[data-id="${extracted}"] [data-role=source-turns]`);
      await eventually(() => turns.textContent()).toContain("Remember I don't eat cilantro");
      expect(await turns.locator('.source-turn').getAttribute('data-episode')).toBe(answer.items[0]!.id);
    });

    it('signing out drops the key and every rendered memory', async () => {
      await page.fill('#subject', 'bo');
      await page.click('#subject-form button[type=submit]');
      await eventually(() => page.locator('#memories tbody tr').count()).toBe(1);
      await page.click('#sign-out');
      await page.waitForSelector('#signin-card:not([hidden])');
      expect(await page.locator('#memories tbody tr').count()).toBe(0);
      expect(await page.locator('#results li').count()).toBe(0);
      expect(await page.content()).not.toContain('Bo keeps bees');
    });
  },
);
