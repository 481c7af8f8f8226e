// The client must run in browsers and Workers: its runtime imports stay inside src/client, except for contract
// modules that import nothing at run time themselves (the one status-to-code table); types may come from the
// contract's schemas, since they are erased. Nothing it loads names a Node built-in.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = join(import.meta.dirname, '../../src/client');
const CONTRACT_DIR = join(import.meta.dirname, '../../src/contract');

/** Module specifiers a file loads at run time (import/export declarations that are not type-only). */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Only `import type` is erased: with verbatimModuleSyntax, `import { type X } from 'm'` still loads 'm'.
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      found.push(String((node.arguments[0] as ts.StringLiteral | undefined)?.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('client portability', () => {
  it('loads only its own modules at run time', async () => {
    const files = (await readdir(CLIENT_DIR)).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('index.ts');
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(join(CLIENT_DIR, file), 'utf8');
      for (const spec of runtimeImports(file, text)) {
        if (!/^\.\/[a-z0-9-]+\.ts$/.test(spec) && spec !== '../contract/error-codes.ts')
          offenders.push(`${file}: ${spec}`);
      }
      expect(text).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
    }
    expect(offenders).toEqual([]);
  });

  it('the contract modules it loads load nothing themselves', async () => {
    const shared = new Set<string>();
    for (const file of (await readdir(CLIENT_DIR)).filter((f) => f.endsWith('.ts'))) {
      const text = await readFile(join(CLIENT_DIR, file), 'utf8');
      for (const spec of runtimeImports(file, text)) {
        const contract = /^\.\.\/contract\/([a-z0-9-]+\.ts)$/.exec(spec)?.[1];
        if (contract) shared.add(contract);
      }
    }
    expect([...shared]).toEqual(['error-codes.ts']);
    for (const file of shared) {
      const text = await readFile(join(CONTRACT_DIR, file), 'utf8');
      expect(runtimeImports(file, text)).toEqual([]);
      expect(text).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
    }
  });

  it('the checker sees through type-only imports and catches a runtime one', () => {
    expect(runtimeImports('a.ts', "import type { X } from 'zod';\nexport type * from './t.ts';")).toEqual([]);
    expect(runtimeImports('a.ts', "import { type Y } from 'node:fs';")).toEqual(['node:fs']);
    expect(runtimeImports('a.ts', "export * from './x.ts';\nawait import('node:os');")).toEqual([
      './x.ts',
      'node:os',
    ]);
  });
});
