// A real OpenAI-compatible HTTP server for tests: POST /v1/embeddings on 127.0.0.1, deterministic vectors, both
// wire encodings, bearer-key checks and faults switchable at runtime.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createDeterministicEmbedder,
  type DeterministicEmbedder,
} from '../../src/embedding/deterministic.ts';
import { encodeFloat32Base64 } from '../../src/embedding/float32-base64.ts';

/** Faults the server applies to every later request until changed. */
export interface FakeOpenAIFaults {
  /** Milliseconds to wait before answering. */
  delay?: number;
  /** Answer 500 with OpenAI's error body. */
  status500?: boolean;
  /** Vectors one number shorter than asked. */
  wrongDimensions?: boolean;
  /** The first vector's first number is NaN (null in float JSON, since JSON has no NaN). */
  nan?: boolean;
  /** One item fewer than the inputs. */
  wrongCount?: boolean;
  /** Items in reverse order, each still with its correct `index` (clients must place items by index). */
  reverseOrder?: boolean;
}

/** What the server saw of one request: sizes and options, never the texts. */
export interface ReceivedRequest {
  model: unknown;
  inputCount: number;
  dimensions: unknown;
  encodingFormat: unknown;
  authorized: boolean;
}

export interface FakeOpenAIServer {
  /** Base URL to give the SDK, e.g. `http://127.0.0.1:54321/v1`. */
  url: string;
  /** The key the server accepts as `Authorization: Bearer <key>`. */
  apiKey: string;
  setFault(faults: FakeOpenAIFaults | null): void;
  /** Requests received on /v1/embeddings so far (rejected ones included). */
  readonly requests: number;
  readonly received: readonly ReceivedRequest[];
  close(): Promise<void>;
}

const NATIVE: Record<string, number> = { 'text-embedding-3-small': 1536, 'text-embedding-3-large': 3072 };

/** Starts the server on an ephemeral port. Vectors are those of `createDeterministicEmbedder` at the asked size. */
export async function startFakeOpenAIServer(
  options: { apiKey?: string; defaultDimensions?: number } = {},
): Promise<FakeOpenAIServer> {
  const apiKey = options.apiKey ?? 'test-key';
  const embedders = new Map<number, DeterministicEmbedder>();
  const embedderFor = (dimensions: number) => {
    let embedder = embedders.get(dimensions);
    if (!embedder) {
      embedder = createDeterministicEmbedder({ dimensions });
      embedders.set(dimensions, embedder);
    }
    return embedder;
  };
  let faults: FakeOpenAIFaults = {};
  const received: ReceivedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      return sendError(res, 404, 'Unknown request URL', 'invalid_request_error', 'unknown_url');
    }
    const body = await readJson(req);
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;
    const input = isRecord(body) ? body.input : undefined;
    const texts = typeof input === 'string' ? [input] : input;
    received.push({
      model: isRecord(body) ? body.model : undefined,
      inputCount: Array.isArray(texts) ? texts.length : 0,
      dimensions: isRecord(body) ? body.dimensions : undefined,
      encodingFormat: isRecord(body) ? body.encoding_format : undefined,
      authorized,
    });
    const active = faults;
    if (active.delay) {
      const closed = await waitOrClose(active.delay, res);
      if (closed) return;
    }
    if (!authorized) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    if (active.status500) {
      return sendError(
        res,
        500,
        'The server had an error while processing your request.',
        'server_error',
        null,
      );
    }
    if (!isRecord(body) || !Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
      return sendError(
        res,
        400,
        "'input' must be a string or an array of strings",
        'invalid_request_error',
        null,
      );
    }
    const model = typeof body.model === 'string' ? body.model : 'text-embedding-3-small';
    const dimensions =
      typeof body.dimensions === 'number'
        ? body.dimensions
        : (NATIVE[model] ?? options.defaultDimensions ?? 1536);
    const base64 = body.encoding_format === 'base64';
    const embedder = embedderFor(dimensions);

    let vectors = texts.map((text) => embedder.vectorOf(text));
    if (active.wrongDimensions) vectors = vectors.map((v) => v.slice(0, -1));
    if (active.nan && vectors[0]) vectors[0][0] = Number.NaN;
    let data = vectors.map((vector, index) => ({
      object: 'embedding',
      index,
      embedding: base64 ? encodeFloat32Base64(vector) : vector,
    }));
    if (active.wrongCount) data = data.slice(0, -1);
    if (active.reverseOrder) data = data.reverse();
    const tokens = texts.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
    send(res, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => sendError(res, 500, 'fake server failure', 'server_error', null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    setFault: (next) => {
      faults = next ?? {};
    },
    get requests() {
      return received.length;
    },
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** OpenAI's error shape: `{ error: { message, type, param, code } }`. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
): void {
  send(res, status, { error: { message, type, param: null, code } });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Waits `ms`, or less if the client hangs up; resolves true when it did (nothing left to answer). */
function waitOrClose(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    res.once('close', onClose);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
