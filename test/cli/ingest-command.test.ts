// `engram ingest`: flag and body validation (named by field, nothing written), and one conversation through the
// real ingest service on an embedded data dir: the turns stored, the user's durable statement extracted.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.ts';
import { ingestBodyOf, ingestCommand, parseIngestFlags } from '../../src/cli/commands/ingest.ts';
import { parseConfig } from '../../src/config/index.ts';
import { embeddedDataDir } from '../support/embedded-data-dir.ts';

const chat = {
  subject: 'cli-user',
  session: 'chat-1',
  messages: [
    { speaker: 'user', text: "Remember that I don't eat cilantro" },
    { speaker: 'assistant', text: 'Noted, no cilantro.' },
  ],
};

describe('engram ingest flags and body', () => {
  it('needs a tenant and a file, and --extract is auto or off', () => {
    expect(parseIngestFlags(['--tenant', 'acme', '--file', 'c.json'])).toEqual({
      tenant: 'acme',
      file: 'c.json',
      extract: undefined,
    });
    expect(parseIngestFlags(['--tenant', 'a', '--file', '-', '--extract', 'off']).extract).toBe('off');
    expect(() => parseIngestFlags(['--file', 'c.json'])).toThrow(UsageError);
    expect(() => parseIngestFlags(['--tenant', 'a', '--file', 'c', '--extract', 'maybe'])).toThrow(
      /auto or off/,
    );
  });

  it('names the fields of a body that does not validate, and refuses what is not JSON', () => {
    expect(() => ingestBodyOf('{"subject": "u"}', undefined)).toThrow(/session: .*\n.*messages: /s);
    expect(() => ingestBodyOf('not json', undefined)).toThrow(/not JSON/);
    expect(ingestBodyOf(JSON.stringify(chat), 'off').extract).toBe('off');
  });
});

describe('engram ingest on an embedded data dir', () => {
  let dir: string;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    ({ dir, remove } = await embeddedDataDir('engram-ingest-cli-', 'acme'));
    await writeFile(join(dir, 'chat.json'), JSON.stringify(chat));
  }, 120_000);
  afterAll(async () => {
    await remove();
  });

  it('stores the turns and extracts the durable statement; an unknown tenant is one clear error', async () => {
    const config = parseConfig({
      ENGRAM_DATA_DIR: dir,
      ENGRAM_EMBEDDER: 'fake',
      ENGRAM_EMBED_DIMENSIONS: '8',
    });
    const lines: string[] = [];
    await ingestCommand(config, ['--tenant', 'acme', '--file', join(dir, 'chat.json')], (l) => lines.push(l));
    const answer = JSON.parse(lines.join('\n'));
    expect(answer.items).toHaveLength(2);
    expect(answer.extraction.status).toBe('done');
    const created = answer.extraction.proposals.filter((p: { outcome: string }) => p.outcome === 'created');
    expect(created).toHaveLength(1);
    expect(created[0].content.toLowerCase()).toContain('cilantro');

    await expect(
      ingestCommand(config, ['--tenant', 'nobody', '--file', join(dir, 'chat.json')], () => {}),
    ).rejects.toThrow(/no tenant named nobody/);
  }, 120_000);
});
