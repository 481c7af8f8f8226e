// The migration guard (`npm run check:migrations`, part of `npm run lint`): a migration file, once committed, is
// never edited or removed, because databases that applied it would no longer match the files (the runner refuses
// a changed file; `supabase db push` silently skips it). It works on a clean clone of main, where a merge base would
// compare main with itself: every migration is compared with the content of the commit that first added it on the
// first-parent line (a merge adds its branch's final version), and a file that history added but the tree lacks is
// an error unless a baseline squashed it (src/db/squashed-migrations.ts). A new file must sort after every file
// added before it, or databases would apply it out of order. Without git history (a shallow clone, a tarball) the
// files are checked against supabase/migrations.sha256 instead, which still catches an edit.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SQUASHES } from '../src/db/squashed-migrations.ts';
import { CHECKSUMS_FILE, readChecksums, sha256OfBytes } from './migration-checksums.ts';

const run = promisify(execFile);
const MIGRATIONS = 'supabase/migrations';
const NAME = /^\d{14}_[a-z0-9_]+\.sql$/;

/** Files a baseline replaced: the only migrations allowed to have left the tree. */
const SQUASHED = new Set(SQUASHES.flatMap((s) => s.replaces.map((m) => m.name)));

export interface GuardResult {
  /** What the files were compared with. */
  against: 'git history' | typeof CHECKSUMS_FILE;
  checked: number;
  problems: string[];
}

async function git(root: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['-C', root, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** A file as a commit holds it, byte for byte. */
async function committedFile(root: string, commit: string, path: string): Promise<Buffer> {
  const { stdout } = await run('git', ['-C', root, 'show', `${commit}:${path}`], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Whether `root` has the full history of its branch (not a shallow clone, not outside git). */
async function hasHistory(root: string): Promise<boolean> {
  try {
    return (await git(root, ['rev-parse', '--is-shallow-repository'])).trim() === 'false';
  } catch {
    return false;
  }
}

interface Added {
  commit: string;
  /** Position on the first-parent line, oldest first. */
  order: number;
}

/** The first-parent commit that first added each migration path, and the paths history ever added. */
async function firstAdds(root: string): Promise<Map<string, Added>> {
  const adds = new Map<string, Added>();
  if (!(await git(root, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => ''))) return adds;
  const log = await git(root, [
    'log',
    '--first-parent',
    '--reverse',
    '--no-renames',
    '--diff-filter=A',
    '--name-only',
    '--format=%x00%H',
    '--',
    MIGRATIONS,
  ]);
  let order = 0;
  for (const entry of log.split('\0').slice(1)) {
    const [commit, ...paths] = entry.split('\n').filter((line) => line.trim() !== '');
    order++;
    for (const path of paths) if (!adds.has(path)) adds.set(path, { commit: commit!, order });
  }
  return adds;
}

/** Checks the migrations of the checkout at `root`; `problems` is empty when they are as committed. */
export async function checkMigrations(root: string): Promise<GuardResult> {
  const problems: string[] = [];
  const entries = (await readdir(join(root, MIGRATIONS))).sort();
  const files = entries.filter((name) => NAME.test(name));
  for (const name of entries.filter((n) => !NAME.test(n)))
    problems.push(
      `${MIGRATIONS}/${name}: not a migration name (YYYYMMDDHHmmss_what.sql); nothing would apply it`,
    );
  const contents = new Map<string, Buffer>();
  for (const name of files) contents.set(name, await readFile(join(root, MIGRATIONS, name)));

  // The checksum list, always: new files must be added to it, and it is the check where history is missing.
  const sums = await readChecksums(root);
  for (const [name, bytes] of contents) {
    const listed = sums.get(name);
    if (listed === undefined)
      problems.push(`${name}: not in ${CHECKSUMS_FILE} (run \`npm run gen:migrations\`)`);
    else if (listed !== sha256OfBytes(bytes))
      problems.push(`${name}: changed since ${CHECKSUMS_FILE} recorded it; add a new migration instead`);
  }
  for (const name of sums.keys())
    if (!contents.has(name))
      problems.push(
        `${name}: listed in ${CHECKSUMS_FILE} but gone from ${MIGRATIONS}; migrations are never removed`,
      );

  if (!(await hasHistory(root))) return { against: CHECKSUMS_FILE, checked: files.length, problems };

  const adds = await firstAdds(root);
  for (const name of files) {
    const added = adds.get(`${MIGRATIONS}/${name}`);
    if (!added) continue;
    const committed = await committedFile(root, added.commit, `${MIGRATIONS}/${name}`);
    if (!committed.equals(contents.get(name)!))
      problems.push(
        `${name}: differs from the version commit ${added.commit.slice(0, 10)} added; a committed migration is ` +
          'never edited (databases applied that version): revert it and add a new migration',
      );
  }
  for (const [path, added] of adds) {
    const name = path.slice(MIGRATIONS.length + 1);
    if (!contents.has(name) && !SQUASHED.has(name))
      problems.push(
        `${name}: added in ${added.commit.slice(0, 10)} and since removed; migrations are never removed ` +
          '(only files a baseline replaced, listed in src/db/squashed-migrations.ts, may go)',
      );
  }
  // Uncommitted files count as added last.
  const orderOf = (name: string) => adds.get(`${MIGRATIONS}/${name}`)?.order ?? Number.POSITIVE_INFINITY;
  for (const name of files) {
    const earlier = files.find((other) => orderOf(other) < orderOf(name) && other > name);
    if (earlier)
      problems.push(
        `${name}: sorts before ${earlier}, which was added earlier; databases that applied ${earlier} would apply ` +
          'it out of order: give it a later timestamp',
      );
  }
  return { against: 'git history', checked: files.length, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = await checkMigrations(root);
  for (const problem of result.problems) console.error(`migration guard: ${problem}`);
  if (result.problems.length > 0) process.exit(1);
  console.log(
    `migration guard: ${result.checked} migration file(s) as committed (checked against ${result.against})`,
  );
}
