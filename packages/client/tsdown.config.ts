// Build of @engram/client from src/client: ESM + CommonJS + .d.ts, nothing bundled but the client's own modules
// and the contract's import-free error table. Types from the zod schemas are inlined (zod never ships with it).
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: '../../src/client/index.ts', supabase: '../../src/client/supabase.ts' },
  outDir: 'dist',
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: { resolve: ['zod'] },
  fixedExtension: false,
  tsconfig: '../../tsconfig.json',
});
