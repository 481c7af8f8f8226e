// The Node server's HTTP edges (issue 15, item 7) over a real socket: a bodyless POST where no body is needed is
// accepted (plain `curl -X POST .../revoke` got 415), and a body that trickles in is cut off by the request timeout
// instead of holding the connection for minutes.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/node-server.ts';

describe('node server limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('limits', {
      ENGRAM_HEADERS_TIMEOUT_MS: '300',
      ENGRAM_REQUEST_TIMEOUT_MS: '600',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts a bodyless POST (no content type, no length) on revoke', async () => {
    const created = await fetch(`${t.url}/v1/memories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'u1', kind: 'fact', content: 'the bike is in the shed' }),
    });
    const { memory } = (await created.json()) as { memory: { id: string } };
    // What curl -X POST sends: no content-type, no content-length, no body.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${t.url}/v1/memories/${memory.id}/revoke`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${t.apiKey}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it('closes a request whose body trickles in, within about the request timeout', async () => {
    const url = new URL(t.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /v1/memories HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${t.apiKey}\r\n` +
            'content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"sub',
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
      // Keep trickling, a byte every 100 ms, far slower than the body is due.
      const drip = setInterval(() => socket.writable && socket.write(' '), 100);
      socket.on('close', () => clearInterval(drip));
    });
    const elapsed = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeLessThan(5000);
  });
});
