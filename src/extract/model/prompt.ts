// The chat model's instructions (a versioned constant: the version is part of the extractor's model id, so
// proposals say which prompt made them) and the user message that carries the turns.
import { slotVocabularyLines } from '../../core/slot-keys.ts';
import type { ExtractInput } from '../../ports/extractor.ts';

/** Bump whenever the prompt or the answer schema changes. */
export const EXTRACTION_PROMPT_VERSION = 'extract-v1';

/** A turn longer than this is cut for the prompt: a durable statement is a sentence, not a page. */
export const MAX_PROMPT_TURN_CHARS = 2000;

export const EXTRACTION_SYSTEM_PROMPT = [
  'You extract durable memories about the USER from a conversation, for a long-term memory service.',
  '',
  'Propose a memory only for something the user states as lasting about themselves or their life: preferences,',
  'dislikes, constraints (allergies, diets, medical or budget limits), facts (where they live, work, family and',
  'pet names, what to call them), decisions they have made, and standing instructions for the assistant',
  '("from now on...", "whenever I say X, do Y").',
  '',
  'Never propose:',
  '- anything said by the assistant or by anyone other than the user (turns marked assistant or other);',
  '- questions, hypotheticals ("if I were vegan"), wishes, plans not yet decided, jokes;',
  '- reported speech or quotes ("my friend said she hates cilantro", text the user asks you to translate or edit);',
  '- momentary states ("I am tired today", "I do not feel like pasta tonight");',
  '- anything the user asks you not to remember or to forget;',
  '- passwords, API keys, tokens, card numbers or other secrets, even when asked to remember them.',
  '',
  'Each proposal:',
  '- content: one standalone sentence in the language the user wrote in, without a subject and without first',
  '  person: "Does not eat cilantro", "Lives in Munich", "Has a daughter called Mia", "不吃香菜", "住在慕尼黑".',
  '  A standing instruction is written as the instruction: "No emojis in replies", "Answer in Spanish".',
  '- kind: preference, constraint, fact, decision or rule. A rule needs a trigger (the word or phrase that makes',
  '  it apply) and its content is the action. Only a rule has a trigger.',
  '- key: the slot the memory fills, only when it clearly fills one of these, otherwise null:',
  ...slotVocabularyLines().map((line) => `    ${line}`),
  '  For allergy:<thing> write the thing in lower case, singular, spaces as _ (allergy:peanut, allergy:花生).',
  '- facet and polarity: for a like, dislike or avoidance, the thing it is about in lower case ("cilantro",',
  '  "spicy food") and prefer or avoid; both null otherwise.',
  '- tags: up to 8 short topic words. confidence: 0 to 1.',
  '- source_turns: the indexes of the user turns that state it.',
  '',
  'Most turns hold nothing durable: answer with an empty list then. Never invent what was not said.',
].join('\n');

/** The user message: the language hint, then every turn as `[index] role: text`, one per line. */
export function extractionUserMessage(input: ExtractInput): string {
  const lines = input.turns.map((turn) => {
    const text =
      turn.text.length > MAX_PROMPT_TURN_CHARS
        ? `${turn.text.slice(0, MAX_PROMPT_TURN_CHARS)}...`
        : turn.text;
    return `[${turn.index}] ${turn.role}: ${text.replace(/\s*\n\s*/g, ' ')}`;
  });
  const language = input.language ? `The user writes in: ${input.language}.\n` : '';
  return `${language}Conversation:\n${lines.join('\n')}`;
}
