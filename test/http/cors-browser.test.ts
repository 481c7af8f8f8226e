// A page on an allowed origin calls recall through the built @engram/client in headless Chromium (a real
// preflight, a real cross-origin answer); a page on another origin is refused by the browser.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngramClient } from '../../src/client/index.ts';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.ts';
import { startTestServer, type TestServer } from '../support/node-server.ts';

const CHROMIUM = findChromium();
const CLIENT_DIR = join(import.meta.dirname, '../../packages/client');

/** A static origin: an empty page and the client's ESM build. */
async function pageServer(bundle: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/engram-client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe.skipIf(!CHROMIUM.path)(
  `CORS in Chromium${CHROMIUM.skipReason ? ` (skipped: ${CHROMIUM.skipReason})` : ''}`,
  () => {
    let out: string;
    let allowed: { server: Server; origin: string };
    let other: { server: Server; origin: string };
    let t: TestServer;
    let browser: Browser;

    beforeAll(async () => {
      out = await mkdtemp(join(tmpdir(), 'engram-cors-client-'));
      // The client exactly as published (tsdown, ESM), into a temp dir so that no other test's build is touched.
      await promisify(execFile)(
        'npx',
        ['tsdown', '--out-dir', out, '--format', 'esm', '--no-dts', '--log-level', 'warn'],
        { cwd: CLIENT_DIR, timeout: 120_000 },
      );
      const bundle = await readFile(join(out, 'index.js'), 'utf8');
      allowed = await pageServer(bundle);
      other = await pageServer(bundle);
      t = await startTestServer('cors-browser', { ENGRAM_CORS_ORIGINS: allowed.origin });
      await createEngramClient({ baseUrl: t.url, apiKey: t.apiKey }).remember({
        subject: 'ada',
        kind: 'preference',
        content: 'Ada prefers green tea in the morning',
      });
      browser = await chromium.launch({ executablePath: CHROMIUM.path, args: CHROMIUM_ARGS });
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await t?.close();
      for (const s of [allowed, other]) await new Promise((resolve) => s?.server.close(resolve));
      if (out) await rm(out, { recursive: true, force: true });
    });

    /** Loads the page of `origin` and recalls from it with the client; the outcome as the page sees it. */
    async function recallFrom(origin: string) {
      const page = await browser.newPage();
      try {
        await page.goto(`${origin}/`);
        // Text, not a function: vitest rewrites `import()` inside test code, and this one must run in the page.
        const script = `(async () => {
          const { createEngramClient } = await import('/engram-client.js');
          const engram = createEngramClient({ baseUrl: ${JSON.stringify(t.url)}, apiKey: ${JSON.stringify(t.apiKey)}, retries: 0 });
          try {
            const answer = await engram.recall({ subject: 'ada', query: 'what does Ada drink? tea' });
            return { contents: answer.items.map((item) => item.content) };
          } catch (error) {
            return { code: error.code };
          }
        })()`;
        return await page.evaluate(script);
      } finally {
        await page.close();
      }
    }

    it('lets a page on the allowed origin recall', async () => {
      expect(await recallFrom(allowed.origin)).toEqual({
        contents: ['Ada prefers green tea in the morning'],
      });
    });

    it('refuses a page on another origin (the browser blocks the answer)', async () => {
      expect(await recallFrom(other.origin)).toEqual({ code: 'network_error' });
    });
  },
);
