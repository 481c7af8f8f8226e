// The boundary lint (scripts/check-boundaries.ts, part of npm run lint): who may import src/http, who may read
// process.env, and that the command fails on a violation.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { violations } from '../../scripts/check-boundaries.ts';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '../../scripts/check-boundaries.ts');

describe('violations', () => {
  it('lets the HTTP layer, the server, the entries and engram serve import src/http; nothing else', () => {
    const found = violations([
      { path: 'src/http/app.ts', text: "import { x } from './routes/memories.ts';" },
      { path: 'src/server/compose.ts', text: "import { createApp } from '../http/app.ts';" },
      { path: 'functions/worker.ts', text: "import { y } from '../src/http/app.ts';" },
      { path: 'src/cli/commands/serve.ts', text: "import { z } from '../../http/app.ts';" },
      { path: 'src/mcp/tools.ts', text: "import type { S } from '../http/routes/recall.ts';" },
      { path: 'src/client/types.ts', text: "export type * from '../http/schemas.ts';" },
      { path: 'src/cli/commands/eval.ts', text: "const m = await import('../../http/app.ts');" },
      { path: 'src/services/recall.ts', text: "import { contract } from '../contract/index.ts';" },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^src\/mcp\/tools\.ts: imports \.\.\/http\/routes\/recall\.ts/),
      expect.stringMatching(/^src\/client\/types\.ts: imports \.\.\/http\/schemas\.ts/),
      expect.stringMatching(/^src\/cli\/commands\/eval\.ts: imports \.\.\/\.\.\/http\/app\.ts/),
    ]);
  });

  it('lets only the config module read process.env, however it is written; a comment is no read', () => {
    const found = violations([
      { path: 'src/config/process-env.ts', text: 'export const e = process.env;' },
      { path: 'src/a.ts', text: 'const x = process.env.ENGRAM_DEBUG;' },
      { path: 'src/b.ts', text: "const y = process['env'];" },
      { path: 'scripts/c.ts', text: 'const { DATABASE_URL } = process.env;' },
      { path: 'src/d.ts', text: '// process.env is read in src/config\nconst argv = process.argv;' },
    ]);
    expect(found.map((line) => line.split(':')[0])).toEqual(['src/a.ts', 'src/b.ts', 'scripts/c.ts']);
  });
});

describe('the command', () => {
  const tree = async (files: Record<string, string>) => {
    const root = await mkdtemp(join(tmpdir(), 'engram-boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    return root;
  };

  it('exits 0 on a clean tree and 1, naming the file, on a violation', async () => {
    const clean = await tree({ 'src/http/app.ts': "import './routes/a.ts';", 'src/mcp/tools.ts': '' });
    const dirty = await tree({
      'src/mcp/tools.ts': "import { rememberBody } from '../http/routes/memories.ts';",
    });
    try {
      await expect(run('npx', ['tsx', SCRIPT, clean])).resolves.toMatchObject({ stdout: /no violation/ });
      const failed = await run('npx', ['tsx', SCRIPT, dirty]).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('src/mcp/tools.ts: imports ../http/routes/memories.ts');
    } finally {
      await rm(clean, { recursive: true, force: true });
      await rm(dirty, { recursive: true, force: true });
    }
  });
});
