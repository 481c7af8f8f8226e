// The Worker's list of shipped migrations matches supabase/migrations, so its readiness probe checks them all.
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/db/migration-files.ts';
import { MIGRATION_NAMES } from '../../src/db/migration-manifest.ts';

describe('MIGRATION_NAMES', () => {
  it('is current (else run `npm run gen:migrations`)', async () => {
    expect(MIGRATION_NAMES).toEqual((await readMigrations()).map((m) => m.name));
  });
});
