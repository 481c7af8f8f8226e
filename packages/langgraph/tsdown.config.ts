// Build of @engram/langgraph from src/integrations/langgraph: ESM + CommonJS + .d.ts. The client's few modules are
// bundled in (no second package to keep in step); @langchain/* (peers) and zod (which @langchain/core depends on
// anyway; the contract's subject and tag rules use it) stay imports.
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: '../../src/integrations/langgraph/index.ts' },
  outDir: 'dist',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  deps: { neverBundle: [/^@langchain\//, /^zod/] },
  dts: true,
  fixedExtension: false,
  tsconfig: '../../tsconfig.json',
});
