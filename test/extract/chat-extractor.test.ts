// The model extractor through the real openai SDK against a local server speaking the chat-completions wire format:
// JSON-schema and tool-call answers, the time budget, HTTP failures and unreadable or schema-violating answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/core/logger.ts';
import { EXTRACTION_TOOL_NAME } from '../../src/extract/model/answer.ts';
import { createChatExtractor } from '../../src/extract/model/chat-extractor.ts';
import { EXTRACTION_PROMPT_VERSION, EXTRACTION_SYSTEM_PROMPT } from '../../src/extract/model/prompt.ts';
import { withExtractionBudget } from '../../src/extract/with-budget.ts';
import { type ExtractInput, ExtractionError } from '../../src/ports/extractor.ts';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../support/fake-openai-server.ts';
import { extractedItem, extractionFailure } from './helpers.ts';

let server: FakeOpenAIServer;
let seen = 0;

beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.setFault(null);
  server.setChatReply(null);
  seen = server.chatReceived.length;
});

const newRequests = () => server.chatReceived.slice(seen);
const extractor = (options: Parameters<typeof createChatExtractor>[0] = {}) =>
  createChatExtractor({ apiKey: server.apiKey, baseURL: server.url, model: 'gpt-test', ...options });

const input: ExtractInput = {
  session: 'chat-1',
  language: 'en',
  turns: [
    { index: 0, role: 'user', text: 'I moved to Munich last month', id: 'm0' },
    { index: 1, role: 'assistant', text: 'Welcome to Munich! I love it there.' },
    { index: 2, role: 'user', text: "Remember I don't eat cilantro", id: 'm2' },
  ],
};

const item = extractedItem;
const cilantro = item({
  kind: 'preference',
  content: 'Does not eat cilantro',
  key: null,
  facet: 'cilantro',
  polarity: 'avoid',
  tags: ['food'],
  source_turns: [2],
});

const failure = extractionFailure;

describe('chat extractor: structured answers', () => {
  it('asks for a strict JSON schema and reads the proposals from the message content', async () => {
    server.setChatReply({ kind: 'json', answer: { proposals: [item(), cilantro] } });
    const e = extractor();
    const { proposals, drops } = await e.extract(input);
    expect(drops).toEqual({});
    expect(proposals.map((p) => [p.kind, p.content, p.key, p.facet, p.polarity])).toEqual([
      ['fact', 'Lives in Munich', 'residence', undefined, undefined],
      ['preference', 'Does not eat cilantro', undefined, 'cilantro', 'avoid'],
    ]);
    expect(proposals[1]).toMatchObject({
      language: 'en',
      provenance: { session: 'chat-1', turns: [{ index: 2, id: 'm2' }], extractor: e.model },
    });
    expect(e.model).toBe(`openai/gpt-test@${EXTRACTION_PROMPT_VERSION}`);

    const [request] = newRequests();
    expect(request?.model).toBe('gpt-test');
    expect(request?.temperature).toBe(0);
    expect(request?.messages[0]).toEqual({ role: 'system', content: EXTRACTION_SYSTEM_PROMPT });
    expect(request?.messages[1]?.content).toContain('[1] assistant: Welcome to Munich!');
    expect(request?.messages[1]?.content).toContain("[2] user: Remember I don't eat cilantro");
    expect(request?.tools).toBeUndefined();
    const format = request?.responseFormat as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema as {
      required: string[];
      additionalProperties: boolean;
      properties: { proposals: { items: { required: string[]; additionalProperties: boolean } } };
    };
    expect(schema.required).toEqual(['proposals']);
    expect(schema.additionalProperties).toBe(false);
    // OpenAI's strict mode: every property required (nullable where absent), nothing extra.
    expect(schema.properties.proposals.items.required.sort()).toEqual([
      'confidence',
      'content',
      'facet',
      'key',
      'kind',
      'polarity',
      'source_turns',
      'tags',
      'trigger',
    ]);
    expect(schema.properties.proposals.items.additionalProperties).toBe(false);
    expect(JSON.stringify(schema)).not.toContain('$schema');
  });

  it('can ask for a forced tool call instead, and reads its arguments', async () => {
    server.setChatReply({ kind: 'tool', answer: { proposals: [cilantro] } });
    const { proposals } = await extractor({ output: 'tool' }).extract(input);
    expect(proposals.map((p) => p.content)).toEqual(['Does not eat cilantro']);
    const [request] = newRequests();
    expect(request?.responseFormat).toBeUndefined();
    expect(request?.toolChoice).toEqual({ type: 'function', function: { name: EXTRACTION_TOOL_NAME } });
    expect(request?.tools).toMatchObject([
      { type: 'function', function: { name: EXTRACTION_TOOL_NAME, strict: true } },
    ]);
  });

  it('reads a tool-call answer even when a JSON schema was asked for, and a fenced JSON content', async () => {
    server.setChatReply({ kind: 'tool', answer: { proposals: [item()] } });
    expect((await extractor().extract(input)).proposals).toHaveLength(1);
    server.setChatReply({
      kind: 'content',
      content: `\`\`\`json\n${JSON.stringify({ proposals: [item()] })}\n\`\`\``,
    });
    expect((await extractor().extract(input)).proposals).toHaveLength(1);
  });

  it('reads an empty list as nothing to remember, and makes no call for a batch without user words', async () => {
    expect(await extractor().extract(input)).toEqual({ proposals: [], drops: {} });
    const before = server.chatReceived.length;
    const silent = await extractor().extract({
      session: 's',
      turns: [{ index: 0, role: 'assistant', text: 'Hi!' }],
    });
    expect(silent).toEqual({ proposals: [], drops: {} });
    expect(server.chatReceived.length).toBe(before);
  });

  it('drops schema-violating items whole with counted reasons and keeps the valid ones', async () => {
    server.setChatReply({
      kind: 'json',
      answer: {
        proposals: [
          item(),
          item({ kind: 'episode' }),
          item({ key: 'favourite_city' }),
          item({ source_turns: [1], content: 'Loves Munich' }),
          item({ confidence: 7 }),
          { content: 'half an item' },
          item(),
        ],
      },
    });
    const { proposals, drops } = await extractor().extract(input);
    expect(proposals.map((p) => p.content)).toEqual(['Lives in Munich']);
    // The half item fails on its first missing field, kind.
    expect(drops).toEqual({
      invalid_kind: 2,
      unknown_key: 1,
      not_user_turn: 1,
      invalid_confidence: 1,
      duplicate: 1,
    });
  });

  it('ignores a language hint that is not a language tag rather than dropping every proposal', async () => {
    server.setChatReply({ kind: 'json', answer: { proposals: [item()] } });
    const { proposals } = await extractor().extract({ ...input, language: 'Chinese' });
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).not.toHaveProperty('language');
  });
});

describe('chat extractor: unreadable answers are extraction_invalid', () => {
  const cases: [string, Parameters<FakeOpenAIServer['setChatReply']>[0]][] = [
    ['malformed JSON content', { kind: 'content', content: '{"proposals": [ {"kind": "fact", ' }],
    ['prose instead of JSON', { kind: 'content', content: 'The user lives in Munich.' }],
    ['an object without the proposals list', { kind: 'json', answer: { memories: [item()] } }],
    ['proposals that is not a list', { kind: 'json', answer: { proposals: 'none' } }],
    ['an empty choice list', { kind: 'no_choices' }],
    ['a refusal', { kind: 'refusal', refusal: "I can't help with that." }],
    ['an empty message', { kind: 'content', content: '' }],
    ['malformed tool arguments', { kind: 'tool', answer: '{"proposals": [' }],
    ['a call to another function', { kind: 'tool', answer: { proposals: [] }, name: 'delete_everything' }],
  ];
  it.each(cases)('%s', async (_, reply) => {
    server.setChatReply(reply);
    const error = await failure(extractor().extract(input));
    expect(error.category).toBe('extraction_invalid');
  });
});

describe('chat extractor: failures in the embedding categories', () => {
  it('maps a 500 to extraction_error with the status only, and does not retry', async () => {
    server.setFault({ status500: true });
    const error = await failure(extractor().extract(input));
    expect(error.category).toBe('extraction_error');
    expect(error.message).toBe('openai: HTTP 500');
    expect(newRequests()).toHaveLength(1);
  });

  it('maps a refused key to extraction_error without echoing the server text', async () => {
    const error = await failure(createChatExtractor({ apiKey: 'wrong', baseURL: server.url }).extract(input));
    expect(error).toMatchObject({
      category: 'extraction_error',
      message: 'openai: HTTP 401 (invalid_api_key)',
    });
  });

  it('refuses api.openai.com without a key at construction', () => {
    expect(() => createChatExtractor({})).toThrow(ExtractionError);
  });

  it('stops at the budget when the server answers too late: extraction_timeout, one request', async () => {
    server.setFault({ delay: 5000 });
    const budgeted = withExtractionBudget(extractor(), { timeoutMs: 300 });
    const started = performance.now();
    const error = await failure(budgeted.extract(input));
    expect(error.category).toBe('extraction_timeout');
    expect(error.message).toBe('no extraction within 300 ms');
    // Well short of the server's delay: the budget, not the server, ended the call.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(newRequests()).toHaveLength(1);
  });

  it("stops when the caller's signal fires", async () => {
    server.setFault({ delay: 5000 });
    const budgeted = withExtractionBudget(extractor(), { timeoutMs: 8000 });
    const error = await failure(budgeted.extract(input, { signal: AbortSignal.timeout(200) }));
    expect(error.category).toBe('extraction_timeout');
    expect(error.message).toBe('extraction aborted by caller');
  });

  it('logs provider, model, sizes, outcome and duration, never the turns or the proposals', async () => {
    const lines: string[] = [];
    server.setChatReply({ kind: 'json', answer: { proposals: [item(), item({ kind: 'episode' })] } });
    const budgeted = withExtractionBudget(extractor(), {
      timeoutMs: 5000,
      logger: createJsonLogger((l) => lines.push(l)),
    });
    await budgeted.extract(input);
    server.setFault({ status500: true });
    await budgeted.extract(input).catch(() => undefined);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.map((l) => [l.event, l.outcome, l.turns, l.proposals, l.dropped])).toEqual([
      ['extract', 'ok', 3, 1, 1],
      ['extract', 'extraction_error', 3, 0, 0],
    ]);
    expect(lines.join('\n')).not.toMatch(/Munich|cilantro/);
  });
});
