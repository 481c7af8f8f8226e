// The model extractor: any OpenAI-compatible chat model through the openai SDK, with structured output (the
// proposal schema as a strict JSON Schema, or the same schema as a forced tool call). Its items go through the
// same validation as every extractor's. Wrap it in withExtractionBudget for the time budget (createExtractor does).
import {
  classifyOpenAIError,
  createOpenAIClient,
  missingOfficialKey,
  type OpenAIClientOptions,
} from '../../openai/client.ts';
import {
  type ExtractInput,
  ExtractionError,
  type ExtractOptions,
  type Extractor,
} from '../../ports/extractor.ts';
import { collectProposals, languageTag } from '../validate.ts';
import { answerJsonSchema, EXTRACTION_TOOL_NAME, itemsFromCompletion } from './answer.ts';
import { EXTRACTION_PROMPT_VERSION, EXTRACTION_SYSTEM_PROMPT, extractionUserMessage } from './prompt.ts';

export const CHAT_EXTRACT_DEFAULT_MODEL = 'gpt-4o-mini';

export interface ChatExtractorOptions extends OpenAIClientOptions {
  model?: string | undefined;
  /**
   * How the answer's shape is asked for: `json_schema` (response_format, the default) or `tool` (a forced function
   * call, for servers without JSON-schema output). Either kind of answer is read whichever was asked.
   */
  output?: 'json_schema' | 'tool' | undefined;
}

/**
 * Creates an Extractor backed by `POST {baseURL}/chat/completions`, with no SDK retries. Model id:
 * `openai/<model>@<prompt version>`. Throws `ExtractionError('extraction_error')` at once when api.openai.com is
 * targeted without a key.
 */
export function createChatExtractor(options: ChatExtractorOptions = {}): Extractor {
  if (missingOfficialKey(options)) {
    throw new ExtractionError('extraction_error', 'openai: an API key is required for api.openai.com');
  }
  const model = options.model ?? CHAT_EXTRACT_DEFAULT_MODEL;
  const id = `openai/${model}@${EXTRACTION_PROMPT_VERSION}`;
  const client = createOpenAIClient({ ...options, requestTimeoutMs: options.requestTimeoutMs ?? 60_000 });
  const schema = answerJsonSchema();
  const shape =
    options.output === 'tool'
      ? {
          tools: [
            {
              type: 'function' as const,
              function: {
                name: EXTRACTION_TOOL_NAME,
                description:
                  'Record the durable memories the user stated (an empty list when there are none).',
                parameters: schema,
                strict: true,
              },
            },
          ],
          tool_choice: { type: 'function' as const, function: { name: EXTRACTION_TOOL_NAME } },
        }
      : {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: 'memory_proposals', strict: true, schema },
          },
        };

  return {
    provider: 'openai',
    model: id,
    async extract(input: ExtractInput, opts?: ExtractOptions) {
      // Nothing the user said: no call, no cost.
      if (!input.turns.some((t) => t.role === 'user' && t.text.trim() !== ''))
        return { proposals: [], drops: {} };
      let body: unknown;
      try {
        body = await client.chat.completions.create(
          {
            model,
            temperature: 0,
            messages: [
              { role: 'system', content: EXTRACTION_SYSTEM_PROMPT },
              { role: 'user', content: extractionUserMessage(input) },
            ],
            ...shape,
          },
          opts?.signal ? { signal: opts.signal } : {},
        );
      } catch (error) {
        const failure = classifyOpenAIError(error, opts?.signal);
        const category = failure.kind === 'timeout' ? 'extraction_timeout' : 'extraction_error';
        throw new ExtractionError(
          category,
          failure.message,
          'cause' in failure ? { cause: failure.cause } : undefined,
        );
      }
      const language = languageTag(input.language);
      return collectProposals(itemsFromCompletion(body), { input, extractor: id, language });
    },
  };
}
