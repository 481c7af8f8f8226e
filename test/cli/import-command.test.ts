// `engram import` as a command on an embedded data dir: the file's memories stored, and stderr kept for the
// progress line and the problems, not one log line per embedding call (thousands on a large file).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importCommand } from '../../src/cli/commands/import.ts';
import { parseConfig } from '../../src/config/index.ts';
import { embeddedDataDir } from '../support/embedded-data-dir.ts';

describe('engram import on an embedded data dir', () => {
  let dir: string;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    ({ dir, remove } = await embeddedDataDir('engram-import-cli-', 'acme'));
    const lines = Array.from({ length: 250 }, (_, i) =>
      JSON.stringify({ subject: `user-${i % 2}`, kind: 'fact', content: `Imported note number ${i}` }),
    );
    await writeFile(join(dir, 'notes.jsonl'), `${lines.join('\n')}\nnot json\n`);
  }, 120_000);
  afterAll(async () => {
    await remove();
  });

  it('stores the lines, names the bad one, and logs no embedding call that succeeded', async () => {
    const config = parseConfig({
      ENGRAM_DATA_DIR: dir,
      ENGRAM_EMBEDDER: 'fake',
      ENGRAM_EMBED_DIMENSIONS: '8',
    });
    const stderr: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });
    const said: string[] = [];
    try {
      // A file with invalid lines ends the command with an error (a non-zero exit), after the rest was stored.
      await expect(
        importCommand(config, ['--tenant', 'acme', '--file', join(dir, 'notes.jsonl')], (line) =>
          said.push(line),
        ),
      ).rejects.toThrow(/1 invalid lines were skipped/);
    } finally {
      write.mockRestore();
    }
    expect(said.join('\n')).toMatch(/imported 250 new memories .*1 invalid line/);
    const text = stderr.join('');
    expect(text).toContain('line 251: ');
    // Three batches of embeddings were made (chunks of 100): none of them is a line of stderr.
    expect(text).not.toContain('"event":"embed"');
  }, 120_000);
});
