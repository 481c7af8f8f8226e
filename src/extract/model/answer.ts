// Reads a chat completion's answer: the proposal items from a JSON-schema reply (message content) or a tool-call
// reply (function arguments). An answer that is not JSON, holds no proposal list, or has no choice is unreadable as
// a whole (`extraction_invalid`): nothing of it is used. Items are validated one by one afterwards.
import { z } from 'zod';
import { ExtractedItemSchema, ExtractionAnswerSchema } from '../../core/proposal-schemas.ts';
import { ExtractionError } from '../../ports/extractor.ts';

/** The name of the function a tool-call answer must call. */
export const EXTRACTION_TOOL_NAME = 'record_memories';

/** The answer's JSON Schema as sent to the model: strict (every field required, nulls where absent, no extras). */
export function answerJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(z.object({ proposals: z.array(ExtractedItemSchema) }).strict()) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return schema;
}

const invalid = (message: string) => new ExtractionError('extraction_invalid', message);

const ToolCallSchema = z.object({
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const CompletionSchema = z.object({
  choices: z.array(
    z.object({
      message: z
        .object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          tool_calls: z.array(z.unknown()).nullish(),
        })
        .nullish(),
    }),
  ),
});

/** Some servers wrap JSON in a Markdown fence even in JSON mode; the fence is not part of the answer. */
function unfenced(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?\s*```\s*$/i.exec(text);
  return fenced ? fenced[1]! : text;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(unfenced(text));
  } catch {
    throw invalid(`openai: ${where} is not JSON`);
  }
}

/** The raw proposal items of a chat completion body; throws `extraction_invalid` when it has none to give. */
export function itemsFromCompletion(body: unknown): unknown[] {
  const completion = CompletionSchema.safeParse(body);
  if (!completion.success) throw invalid('openai: response is not a chat completion');
  const message = completion.data.choices[0]?.message;
  if (!message) throw invalid('openai: response has no choice');
  if (message.refusal) throw invalid('openai: the model refused');

  let answer: unknown;
  const call = message.tool_calls?.map((c) => ToolCallSchema.safeParse(c)).find((c) => c.success);
  if (call?.success) {
    if (call.data.function.name !== EXTRACTION_TOOL_NAME)
      throw invalid('openai: tool call to an unknown function');
    answer = parseJson(call.data.function.arguments, 'tool call arguments');
  } else if (typeof message.content === 'string' && message.content.trim() !== '') {
    answer = parseJson(message.content, 'message content');
  } else {
    throw invalid('openai: the answer is empty');
  }
  const parsed = ExtractionAnswerSchema.safeParse(answer);
  if (!parsed.success) throw invalid('openai: the answer has no proposals list');
  return parsed.data.proposals;
}
