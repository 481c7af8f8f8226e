// Reads a memory suite (data/<suite>/dev.jsonl): simulated users, the memories each one wrote, and questions that
// one of those memories answers or that none does. One JSON object a line, `type` user | memory | question.
import { z } from 'zod';
import { MemoryKindSchema, PolaritySchema, TagSchema } from '../../contract/index.ts';

/** The suites shipped in data/, by the name `engram eval` takes. */
export const SUITE_FILES = {
  'lived-in': new URL('../../../data/lived-in/dev.jsonl', import.meta.url),
  chinese: new URL('../../../data/chinese/dev.jsonl', import.meta.url),
} as const;

export type SuiteName = keyof typeof SUITE_FILES;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

const UserLine = z.strictObject({ type: z.literal('user'), id: Id, persona: z.string().optional() });

/** What the user wrote, in the fields of a memory write (POST /v1/memories), plus the suite's own labels. */
const MemoryLine = z.strictObject({
  type: z.literal('memory'),
  user: Id,
  id: Id,
  domain: z.string().min(1),
  kind: MemoryKindSchema.exclude(['episode']),
  content: z.string().min(1),
  key: z.string().min(1).optional(),
  facet: z.string().min(1).optional(),
  polarity: PolaritySchema.optional(),
  trigger: z.string().min(1).optional(),
  tags: z.array(TagSchema).optional(),
  importance: z.number().min(0).max(1).optional(),
  /** A style preference that applies to any answer ("keep answers short"): a no-answer question may return it. */
  applies_always: z.boolean().optional(),
});

const QuestionLine = z.strictObject({
  type: z.literal('question'),
  user: Id,
  id: Id,
  /** The domain of the memory it asks for; no-answer questions have none. */
  domain: z.string().min(1).optional(),
  /** direct | task | shared-word for answerable questions; general | chit-chat | other-topic | near-topic otherwise. */
  shape: z.string().min(1),
  query: z.string().min(1),
  /** Ids of the user's memories that answer it (any one is a hit); empty when none does. */
  answers: z.array(Id),
  /** For suites built on a shared word: the words the question shares with its memory. */
  shared: z.array(z.string().min(1)).optional(),
});

const Line = z.discriminatedUnion('type', [UserLine, MemoryLine, QuestionLine]);

export type SuiteMemory = z.infer<typeof MemoryLine>;
export type SuiteQuestion = z.infer<typeof QuestionLine>;

export interface SuiteUser {
  id: string;
  persona?: string | undefined;
  memories: SuiteMemory[];
  questions: SuiteQuestion[];
}

export class SuiteDataError extends Error {
  override name = 'SuiteDataError';
}

/**
 * Checks what the schema cannot: ids unique, every memory and question belongs to a declared user, every answer is
 * a memory of the same user, a rule has a trigger, and no two memories of a user share a key or a facet (either
 * would make one write supersede the other: the suite measures recall, not consolidation).
 */
function check(users: readonly SuiteUser[]): void {
  const seen = new Set<string>();
  for (const user of users) {
    const memoryIds = new Set(user.memories.map((m) => m.id));
    const slots = new Set<string>();
    for (const item of [...user.memories, ...user.questions]) {
      if (seen.has(item.id)) throw new SuiteDataError(`id ${item.id} is used twice`);
      seen.add(item.id);
    }
    for (const m of user.memories) {
      if (m.kind === 'rule' && !m.trigger) throw new SuiteDataError(`memory ${m.id}: a rule needs a trigger`);
      for (const slot of [m.key && `key ${m.key}`, m.facet && `facet ${m.facet}`]) {
        if (!slot) continue;
        if (slots.has(slot)) throw new SuiteDataError(`memory ${m.id}: user ${user.id} already has ${slot}`);
        slots.add(slot);
      }
    }
    for (const q of user.questions) {
      for (const a of q.answers)
        if (!memoryIds.has(a))
          throw new SuiteDataError(`question ${q.id}: answer ${a} is not a memory of user ${user.id}`);
    }
  }
}

/**
 * Parses the text of a suite file.
 * @throws SuiteDataError naming the line (and the field) that is wrong.
 */
export function parseSuite(text: string): SuiteUser[] {
  const users = new Map<string, SuiteUser>();
  for (const [index, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    const where = `line ${index + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new SuiteDataError(`${where}: not JSON`);
    }
    const parsed = Line.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SuiteDataError(`${where}: ${issue.path.join('.') || 'line'}: ${issue.message}`);
    }
    const line = parsed.data;
    if (line.type === 'user') {
      if (users.has(line.id)) throw new SuiteDataError(`${where}: user ${line.id} is declared twice`);
      users.set(line.id, { id: line.id, persona: line.persona, memories: [], questions: [] });
      continue;
    }
    const user = users.get(line.user);
    if (!user) throw new SuiteDataError(`${where}: user ${line.user} is not declared above`);
    if (line.type === 'memory') user.memories.push(line);
    else user.questions.push(line);
  }
  const list = [...users.values()];
  check(list);
  return list;
}

/** True when the question has an answer among its user's memories. */
export function isAnswerable(question: Pick<SuiteQuestion, 'answers'>): boolean {
  return question.answers.length > 0;
}
