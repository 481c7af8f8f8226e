// The repository describes itself truthfully: the README's layout table names every folder of src/, and every
// entry of package.json `exports` points at a file that exists.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('layout', () => {
  it("the README's layout table lists every folder of src/", async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const layout = readme.slice(
      readme.indexOf('## Layout'),
      readme.indexOf('\n## ', readme.indexOf('## Layout') + 1),
    );
    const named = new Set([...layout.matchAll(/`src\/([a-z0-9-]+)\/`/g)].map((m) => m[1]));
    const folders = (await readdir(join(ROOT, 'src'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
    expect([...named].filter((folder) => !folders.includes(folder!))).toEqual([]);
  });

  it('package.json exports name only files that exist', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const missing = Object.entries(pkg.exports).filter(([, target]) => !existsSync(join(ROOT, target)));
    expect(missing).toEqual([]);
    expect(Object.keys(pkg.exports).length).toBeGreaterThan(0);
  });
});
