// supabase/migrations.sha256: the SHA-256 of every migration file, in `sha256sum` format (so that
// `cd supabase/migrations && sha256sum -c ../migrations.sha256` checks it too). It is append-only: the migration
// guard compares the files with it where git history is missing (a shallow clone, a tarball).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const CHECKSUMS_FILE = join('supabase', 'migrations.sha256');

/** Name -> SHA-256 hex, in file order. */
export type Checksums = Map<string, string>;

export const sha256OfBytes = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function parseChecksums(text: string): Checksums {
  const sums: Checksums = new Map();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const match = /^([0-9a-f]{64}) [ *](\S+)$/.exec(line);
    if (!match) throw new Error(`${CHECKSUMS_FILE}:${index + 1}: not "<sha256>  <file name>"`);
    sums.set(match[2]!, match[1]!);
  }
  return sums;
}

export function formatChecksums(sums: Checksums): string {
  return [...sums].map(([name, sum]) => `${sum}  ${name}\n`).join('');
}

/** The committed list under `root` (empty when the file does not exist yet). */
export async function readChecksums(root: string): Promise<Checksums> {
  const text = await readFile(join(root, CHECKSUMS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return parseChecksums(text);
}
