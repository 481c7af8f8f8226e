// Which ingested turns an extractor may read, and as whom: the one place the wiring turns ingest messages and the
// gate's verdicts on them into extractor input.
import type { IngestMessage } from '../contract/index.ts';
import type { ExtractTurn, TurnRole } from '../ports/extractor.ts';

const ASSISTANTS = new Set([
  'assistant',
  'ai',
  'bot',
  'agent',
  'model',
  'system',
  'gpt',
  'chatgpt',
  'claude',
  'gemini',
]);
const USERS = new Set(['user', 'human', 'me', 'customer', 'client', 'patient', 'student']);

/**
 * The default role of an ingest speaker: `user` for user-like names, `assistant` for assistant-like ones, `other`
 * for anyone else (a named person in a group chat is not assumed to be the memory's subject). Case aside.
 */
export function roleOfSpeaker(speaker: string): TurnRole {
  const name = speaker.trim().toLowerCase();
  if (USERS.has(name)) return 'user';
  if (ASSISTANTS.has(name)) return 'assistant';
  return 'other';
}

/**
 * The extractor input of an ingest batch. `usable[i]` is turn i as the gate normalised it (its words without the
 * speaker label), or null when the gate refused the turn: a refused turn is never read, so a secret in it is never
 * sent to a chat model nor cut into pieces the gate would no longer recognise. Indexes stay the batch positions,
 * so proposals cite the same turns as the ingest items.
 */
export function extractionTurns(
  messages: readonly IngestMessage[],
  usable: readonly (string | null)[],
  roleOf: (speaker: string) => TurnRole = roleOfSpeaker,
): ExtractTurn[] {
  return messages.flatMap((message, index) => {
    const text = usable[index];
    if (text === null || text === undefined || text === '') return [];
    return [
      { index, role: roleOf(message.speaker), text, ...(message.id !== undefined ? { id: message.id } : {}) },
    ];
  });
}
