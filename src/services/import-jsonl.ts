// Import of memories from JSON Lines (`engram import`): one memory a line in the shape of POST /v1/memories, through
// the same write pipeline as the API's batch route (the gate on every item, one transaction a batch, written in
// chunks while the next chunk is staged). A line that is not valid JSON or not a valid
// memory is reported with its line number and field and skipped; writes dedupe by content, so running the import
// again after fixing those lines stores nothing twice.
import { type MemoryInput, MemoryInputSchema } from '../contract/index.ts';
import type { Principal } from '../core/principal.ts';
import { validationIssues } from '../core/validation-issues.ts';
import type { MemoryStore } from '../ports/store.ts';
import type { MemoryService } from './memories.ts';
import type { RememberResult } from './write-pipeline.ts';

export interface ImportProblem {
  /** 1-based line number in the input. */
  line: number;
  /** The field path (`tags.2`), or null when the line is not a JSON object at all. */
  field: string | null;
  code: string;
  message: string;
}

export interface ImportProgress {
  lines: number;
  created: number;
  duplicates: number;
  rejected: number;
  invalid: number;
  elapsedMs: number;
}

export interface ImportResult extends ImportProgress {
  /** Invalid lines and gate rejections, at most `maxProblems` of them (the counts above are complete). */
  problems: ImportProblem[];
  memoriesPerSecond: number;
}

export interface ImportOptions {
  /** Memories per write (and per embedding call); the batch route's limit by default. */
  batchSize?: number;
  maxProblems?: number;
  onProgress?: (progress: ImportProgress) => void;
}

/** Parses one line: the memory, or the problems that name its fields. Blank lines are neither. */
export function parseImportLine(text: string, line: number): MemoryInput | ImportProblem[] | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [{ line, field: null, code: 'invalid_json', message: 'not valid JSON' }];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [
      { line, field: null, code: 'invalid_type', message: 'a line must be one JSON object (a memory)' },
    ];
  }
  const parsed = MemoryInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return validationIssues(parsed.error).map((issue) => ({
    line,
    field: issue.path === '' ? null : issue.path,
    code: issue.code,
    message: issue.message,
  }));
}

export async function importJsonl(
  deps: { memories: MemoryService; store: MemoryStore },
  principal: Principal,
  lines: AsyncIterable<string>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const batchSize = options.batchSize ?? 500;
  const maxProblems = options.maxProblems ?? 100;
  const started = performance.now();
  const problems: ImportProblem[] = [];
  const counts = { lines: 0, created: 0, duplicates: 0, rejected: 0, invalid: 0 };
  const progress = (): ImportProgress => ({ ...counts, elapsedMs: performance.now() - started });
  const note = (problem: ImportProblem) => {
    if (problems.length < maxProblems) problems.push(problem);
  };

  // A batch's progress is told when it is stored, with the lines read up to its end (reading runs a batch ahead).
  const count = (
    lines: readonly { line: number }[],
    results: readonly RememberResult[],
    readUpTo: Pick<ImportProgress, 'lines' | 'invalid'>,
  ) => {
    for (const [i, result] of results.entries()) {
      if (result.decision === 'accepted') counts.created++;
      else if (result.decision === 'duplicate' || result.decision === 'merged') counts.duplicates++;
      else {
        counts.rejected++;
        note({
          line: lines[i]!.line,
          field: null,
          code: 'rejected_by_gate',
          message: result.reasons.map((r) => r.code).join(', '),
        });
      }
    }
    options.onProgress?.({ ...progress(), ...readUpTo });
  };

  // A batch is written by the batch route's pipelined write (rememberMany): in one transaction, the database writes
  // one chunk while this process screens and stages the next. Staging a whole batch before its transaction, as
  // this import did, overlapped nothing: staging is synchronous work that keeps the event loop from sending the
  // transaction's statements, so the two sides ran one after the other (docs/benchmarks/ingest-speed.md). Lines
  // are read and parsed while the last batch is written; batches are stored one at a time and in input order, so
  // dedupe meets the lines in the order of the file. A failed batch ends the import before the next one starts.
  let batch: { input: MemoryInput; line: number }[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    const readUpTo = { lines: counts.lines, invalid: counts.invalid };
    batch = [];
    await writing;
    writing = deps.memories
      .rememberMany(
        principal,
        lines.map((b) => b.input),
      )
      .then((results) => count(lines, results, readUpTo));
    // Awaited by the next flush or after the last line; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };

  for await (const text of lines) {
    counts.lines++;
    const parsed = parseImportLine(text, counts.lines);
    if (parsed === null) continue;
    if (Array.isArray(parsed)) {
      counts.invalid++;
      for (const problem of parsed) note(problem);
      continue;
    }
    batch.push({ input: parsed, line: counts.lines });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await writing;
  // What was loaded is what the next recalls plan with (issue 18 item 5), once it is a tenth of the table or more.
  if (counts.created > 0) await deps.store.refreshStatistics({ loadedRows: counts.created });
  const done = progress();
  return {
    ...done,
    problems,
    memoriesPerSecond: Math.round(
      (counts.created + counts.duplicates) / Math.max(done.elapsedMs / 1000, 1e-3),
    ),
  };
}
