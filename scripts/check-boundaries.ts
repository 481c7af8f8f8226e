// Lint check (npm run lint): the layering rules a linter cannot express. Only the HTTP layer itself and the server
// entry points import src/http (the contract lives in src/contract, so nothing else needs to); only the config
// module reads process.env. Exits 1 and lists every violation; tests are exempt (they test the HTTP layer).
// Run: npx tsx scripts/check-boundaries.ts [ROOT]
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Folders whose modules are checked, relative to the repository root. */
const CHECKED = ['src', 'functions', 'scripts', 'bin'];

/** Who may import src/http: the HTTP layer, the server composition and entries, and `engram serve`. */
const HTTP_IMPORTERS = ['src/http/', 'src/server/', 'functions/', 'src/cli/commands/serve.ts'];

/** The one module that reads the environment. */
const ENV_READER = 'src/config/process-env.ts';

export interface SourceFile {
  /** Path relative to the root, with forward slashes. */
  path: string;
  text: string;
}

/** Module specifiers of every import, re-export and dynamic import, type-only ones included. */
function specifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** True where the code reads `process.env` (as `process.env.X`, `process.env[x]` or `process['env']`). */
function readsEnv(source: ts.SourceFile): boolean {
  let found = false;
  const isProcess = (node: ts.Expression) => ts.isIdentifier(node) && node.text === 'process';
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === 'env')
      found = true;
    if (
      ts.isElementAccessExpression(node) &&
      isProcess(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      node.argumentExpression.text === 'env'
    )
      found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every violation in `files`, as `path: what`. */
export function violations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.ES2022, true);
    const mayImportHttp = HTTP_IMPORTERS.some((allowed) => file.path.startsWith(allowed));
    for (const spec of specifiers(source)) {
      if (!spec.startsWith('.')) continue;
      const target = join(dirname(file.path), spec).split(sep).join('/');
      if (target.startsWith('src/http/') && !mayImportHttp)
        out.push(
          `${file.path}: imports ${spec} (only src/http, src/server and the entries may import src/http)`,
        );
    }
    if (file.path !== ENV_READER && readsEnv(source))
      out.push(`${file.path}: reads process.env (only ${ENV_READER} does; take the setting from src/config)`);
  }
  return out;
}

async function sourcesUnder(root: string, folder: string): Promise<SourceFile[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true }).catch(() => []);
  const files: SourceFile[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') files.push(...(await sourcesUnder(root, path)));
    else if (entry.isFile() && /\.(ts|mts|mjs|js)$/.test(entry.name))
      files.push({ path: path.split(sep).join('/'), text: await readFile(join(root, path), 'utf8') });
  }
  return files;
}

async function main(root: string): Promise<number> {
  const files = (await Promise.all(CHECKED.map((folder) => sourcesUnder(root, folder)))).flat();
  const found = violations(files);
  for (const line of found) console.error(line);
  if (found.length > 0) return 1;
  console.log(`boundaries: ${files.length} files, no violation`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(resolve(process.argv[2] ?? '.'));
}
