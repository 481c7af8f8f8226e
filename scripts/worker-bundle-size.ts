// Reports the Worker bundle built by `wrangler deploy --dry-run --outdir dist/worker`: gzipped size against the
// 1 MiB target, the heaviest packages, and that no Node-only module (local model, PGlite, file access) got in.
// Writes docs/benchmarks/worker-bundle.json; exits 1 when a check fails.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const OUT_DIR = 'dist/worker';
const LIMIT_BYTES = 1024 * 1024;
/** Inputs that must never reach the Worker: they read the disk or need Node's native modules. */
const FORBIDDEN = [
  /^src\/embedding\/local\//,
  /wink-embeddings/,
  /@electric-sql\/pglite/,
  /^src\/db\/migration-files\.ts$/,
  /^src\/server\/(node-server|bootstrap|open-database)\.ts$/,
];

interface Metafile {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

const code = await readFile(`${OUT_DIR}/worker.js`);
const meta = JSON.parse(await readFile(`${OUT_DIR}/meta.json`, 'utf8')) as Metafile;
const gzipBytes = gzipSync(code, { level: 9 }).byteLength;

// What each package adds to the bundle after tree shaking and minification (not its size on disk).
const contributions = meta.outputs[`${OUT_DIR}/worker.js`]?.inputs ?? {};
const byPackage = new Map<string, number>();
for (const [path, { bytesInOutput: bytes }] of Object.entries(contributions)) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 2).join('/');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
}
const heaviest = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8);
const forbidden = Object.keys(meta.inputs).filter((path) => FORBIDDEN.some((re) => re.test(path)));

const report = {
  measured_at: new Date().toISOString(),
  command: 'npm run build:worker (wrangler deploy --dry-run --outdir dist/worker, minify from wrangler.toml)',
  raw_bytes: code.byteLength,
  gzip_bytes: gzipBytes,
  gzip_kib: Math.round((gzipBytes / 1024) * 10) / 10,
  limit_bytes: LIMIT_BYTES,
  within_limit: gzipBytes <= LIMIT_BYTES,
  heaviest_in_bundle_bytes: Object.fromEntries(heaviest),
  forbidden_inputs: forbidden,
};
await mkdir('docs/benchmarks', { recursive: true });
await writeFile('docs/benchmarks/worker-bundle.json', `${JSON.stringify(report, null, 2)}\n`);

console.log(
  `worker bundle: ${(code.byteLength / 1024).toFixed(1)} KiB, gzip ${report.gzip_kib} KiB (target <= 1024 KiB)`,
);
for (const [pkg, bytes] of heaviest)
  console.log(`  ${pkg.padEnd(32)} ${(bytes / 1024).toFixed(1)} KiB in the bundle`);
if (forbidden.length > 0) console.error(`Node-only modules in the bundle:\n  ${forbidden.join('\n  ')}`);
if (!report.within_limit || forbidden.length > 0) process.exit(1);
