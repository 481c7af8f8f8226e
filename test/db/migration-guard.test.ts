// The migration guard on scratch git repositories: a committed migration that is edited or removed fails it, a new
// one passes, a squashed pre-release file may go; without history (a shallow clone, no git) it falls back to
// supabase/migrations.sha256. And this repository passes it.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrations } from '../../scripts/check-migrations.ts';
import { CHECKSUMS_FILE, formatChecksums, sha256OfBytes } from '../../scripts/migration-checksums.ts';
import { PRE_RELEASE_SQUASH } from '../../src/db/squashed-migrations.ts';

const run = promisify(execFile);
const FIRST = '20270101000000_first.sql';
const SECOND = '20270102000000_second.sql';

describe('the migration guard', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const scratch = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-guard-'));
    dirs.push(dir);
    await mkdir(join(dir, 'supabase', 'migrations'), { recursive: true });
    return dir;
  };
  const git = (dir: string, ...args: string[]) =>
    run('git', [
      '-C',
      dir,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ]);
  const files = new Map<string, Map<string, string>>();
  /** Writes a migration and its line in the checksum list, as `npm run gen:migrations` would. */
  const addMigration = async (dir: string, name: string, sql: string) => {
    await writeFile(join(dir, 'supabase', 'migrations', name), sql);
    const sums = files.get(dir) ?? new Map<string, string>();
    files.set(dir, sums);
    sums.set(name, sha256OfBytes(Buffer.from(sql)));
    await writeFile(join(dir, CHECKSUMS_FILE), formatChecksums(sums));
  };
  const edit = (dir: string, name: string, sql: string) =>
    writeFile(join(dir, 'supabase', 'migrations', name), sql);
  const commit = async (dir: string, message: string) => {
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', message);
  };
  const repo = async () => {
    const dir = await scratch();
    await git(dir, 'init', '-q', '-b', 'main');
    await addMigration(dir, FIRST, 'create table a (n int);\n');
    await commit(dir, 'first');
    return dir;
  };

  it('passes committed migrations and a new one', async () => {
    const dir = await repo();
    expect(await checkMigrations(dir)).toEqual({ against: 'git history', checked: 1, problems: [] });
    await addMigration(dir, SECOND, 'create table b (n int);\n');
    expect((await checkMigrations(dir)).problems).toEqual([]);
    await commit(dir, 'second');
    expect((await checkMigrations(dir)).problems).toEqual([]);
  });

  it('fails on an edited migration, committed or not, even with its checksum updated', async () => {
    const dir = await repo();
    await edit(dir, FIRST, 'create table a (n bigint);\n');
    expect((await checkMigrations(dir)).problems).toEqual([
      `${FIRST}: changed since ${CHECKSUMS_FILE} recorded it; add a new migration instead`,
      expect.stringMatching(new RegExp(`^${FIRST}: differs from the version commit [0-9a-f]{10} added;`)),
    ]);
    // Regenerating the list does not launder the edit: history still has the first version.
    await addMigration(dir, FIRST, 'create table a (n bigint);\n');
    await commit(dir, 'edit first');
    expect((await checkMigrations(dir)).problems).toEqual([
      expect.stringMatching(new RegExp(`^${FIRST}: differs from the version commit [0-9a-f]{10} added;`)),
    ]);
  });

  it('takes the version a merge brought to the first-parent line as the one added', async () => {
    const dir = await repo();
    await git(dir, 'checkout', '-q', '-b', 'feature');
    await addMigration(dir, SECOND, 'create table b (n int);\n');
    await commit(dir, 'second, first draft');
    await addMigration(dir, SECOND, 'create table b (n bigint);\n');
    await commit(dir, 'second, fixed before merging');
    await git(dir, 'checkout', '-q', 'main');
    await git(dir, 'merge', '-q', '--no-ff', 'feature', '-m', 'merge feature');
    expect((await checkMigrations(dir)).problems).toEqual([]);
  });

  it('fails on a removed migration, except a pre-release file the baseline squashed', async () => {
    const dir = await repo();
    const squashed = PRE_RELEASE_SQUASH.replaces[0]!.name;
    await addMigration(dir, squashed, 'select 1;\n');
    await commit(dir, 'a pre-release file');
    files.get(dir)!.clear();
    await writeFile(join(dir, CHECKSUMS_FILE), '');
    await unlink(join(dir, 'supabase', 'migrations', squashed));
    await unlink(join(dir, 'supabase', 'migrations', FIRST));
    await commit(dir, 'remove both');
    expect((await checkMigrations(dir)).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^${FIRST}: added in [0-9a-f]{10} and since removed; migrations are never removed`),
      ),
    ]);
  });

  it('fails on a new migration that sorts before one added earlier, and on a file no runner would apply', async () => {
    const dir = await repo();
    await addMigration(dir, '20261231000000_late.sql', 'select 1;\n');
    await writeFile(join(dir, 'supabase', 'migrations', 'notes.sql'), 'select 1;\n');
    expect((await checkMigrations(dir)).problems).toEqual([
      'supabase/migrations/notes.sql: not a migration name (YYYYMMDDHHmmss_what.sql); nothing would apply it',
      `20261231000000_late.sql: sorts before ${FIRST}, which was added earlier; databases that applied ${FIRST} would apply it out of order: give it a later timestamp`,
    ]);
  });

  it('falls back to the checksum list without history: a shallow clone, or no git at all', async () => {
    const origin = await repo();
    await addMigration(origin, SECOND, 'create table b (n int);\n');
    await commit(origin, 'second');
    const shallow = join(await scratch(), 'clone');
    await run('git', ['clone', '-q', '--depth', '1', `file://${origin}`, shallow]);
    expect(await checkMigrations(shallow)).toEqual({ against: CHECKSUMS_FILE, checked: 2, problems: [] });
    await edit(shallow, FIRST, 'create table a (n bigint);\n');
    await unlink(join(shallow, 'supabase', 'migrations', SECOND));
    expect(await checkMigrations(shallow)).toEqual({
      against: CHECKSUMS_FILE,
      checked: 1,
      problems: [
        `${FIRST}: changed since ${CHECKSUMS_FILE} recorded it; add a new migration instead`,
        `${SECOND}: listed in ${CHECKSUMS_FILE} but gone from supabase/migrations; migrations are never removed`,
      ],
    });

    const tarball = await scratch();
    await cp(join(origin, 'supabase'), join(tarball, 'supabase'), { recursive: true });
    await writeFile(join(tarball, 'supabase', 'migrations', '20270103000000_third.sql'), 'select 3;\n');
    expect((await checkMigrations(tarball)).problems).toEqual([
      `20270103000000_third.sql: not in ${CHECKSUMS_FILE} (run \`npm run gen:migrations\`)`,
    ]);
  });

  it('passes on this repository', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    expect((await checkMigrations(root)).problems).toEqual([]);
  });
});
