// A real OpenAI-compatible HTTP server for tests on 127.0.0.1: POST /v1/embeddings (deterministic vectors, both
// wire encodings) and POST /v1/chat/completions (scripted answers: JSON content, tool calls, refusals, no choice),
// bearer-key checks and faults switchable at runtime.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createDeterministicEmbedder,
  type DeterministicEmbedder,
} from '../../src/embedding/deterministic.ts';
import { encodeFloat32Base64 } from '../../src/embedding/float32-base64.ts';

/** Faults the server applies to every later request until changed (delay and status500 on both routes). */
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

/**
 * What /v1/chat/completions answers: `json` puts the answer (serialised) in the message content, `tool` in a call
 * to `name` (default record_memories; a string answer is sent as is), `content` sends raw text (malformed JSON,
 * fences), `refusal` a refusal, `no_choices` an empty choice list.
 */
export type FakeChatReply =
  | { kind: 'json'; answer: unknown }
  | { kind: 'tool'; answer: unknown; name?: string }
  | { kind: 'content'; content: string }
  | { kind: 'refusal'; refusal: string }
  | { kind: 'no_choices' };

/** What the server saw of one chat request. */
export interface ReceivedChatRequest {
  model: unknown;
  messages: { role: string; content: string }[];
  responseFormat: unknown;
  tools: unknown;
  toolChoice: unknown;
  temperature: unknown;
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
  /** Sets what later chat requests get; a function is called per request. Null restores the default (no proposals). */
  setChatReply(reply: FakeChatReply | ((request: ReceivedChatRequest) => FakeChatReply) | null): void;
  /** Requests received on /v1/chat/completions so far (rejected ones included). */
  readonly chatReceived: readonly ReceivedChatRequest[];
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
  const noProposals: FakeChatReply = { kind: 'json', answer: { proposals: [] } };
  let chatReply: FakeChatReply | ((request: ReceivedChatRequest) => FakeChatReply) = noProposals;
  const chatReceived: ReceivedChatRequest[] = [];

  /** Applies the delay, the key check and the 500 fault; true when the request got its answer (or hung up). */
  const refused = async (res: ServerResponse, authorized: boolean): Promise<boolean> => {
    const active = faults;
    if (active.delay && (await waitOrClose(active.delay, res))) return true;
    if (!authorized) {
      sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      return true;
    }
    if (active.status500) {
      sendError(res, 500, 'The server had an error while processing your request.', 'server_error', null);
      return true;
    }
    return false;
  };

  const handleChat = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readJson(req);
    const record = isRecord(body) ? body : {};
    const messages = Array.isArray(record.messages) ? record.messages : [];
    const request: ReceivedChatRequest = {
      model: record.model,
      messages: messages.filter(isRecord).map((m) => ({ role: String(m.role), content: String(m.content) })),
      responseFormat: record.response_format,
      tools: record.tools,
      toolChoice: record.tool_choice,
      temperature: record.temperature,
      authorized: req.headers.authorization === `Bearer ${apiKey}`,
    };
    chatReceived.push(request);
    if (await refused(res, request.authorized)) return;
    if (messages.length === 0) {
      return sendError(res, 400, "'messages' must be a non-empty array", 'invalid_request_error', null);
    }
    const reply = typeof chatReply === 'function' ? chatReply(request) : chatReply;
    send(res, 200, chatCompletion(typeof record.model === 'string' ? record.model : 'gpt-4o-mini', reply));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && req.url === '/v1/chat/completions') return handleChat(req, res);
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
    if (await refused(res, authorized)) return;
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
    setChatReply: (next) => {
      chatReply = next ?? noProposals;
    },
    chatReceived,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A chat completion body in OpenAI's wire format, carrying `reply`. */
function chatCompletion(model: string, reply: FakeChatReply): unknown {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion', created: 1_700_000_000, model };
  const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
  if (reply.kind === 'no_choices') return { ...base, choices: [], usage };
  const serialise = (answer: unknown) => (typeof answer === 'string' ? answer : JSON.stringify(answer));
  const message =
    reply.kind === 'tool'
      ? {
          role: 'assistant',
          content: null,
          refusal: null,
          tool_calls: [
            {
              id: 'call_fake_1',
              type: 'function',
              function: { name: reply.name ?? 'record_memories', arguments: serialise(reply.answer) },
            },
          ],
        }
      : reply.kind === 'refusal'
        ? { role: 'assistant', content: null, refusal: reply.refusal }
        : {
            role: 'assistant',
            content: reply.kind === 'json' ? serialise(reply.answer) : reply.content,
            refusal: null,
          };
  const finish = reply.kind === 'tool' ? 'tool_calls' : 'stop';
  return { ...base, choices: [{ index: 0, message, logprobs: null, finish_reason: finish }], usage };
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
