// Migration 20261202140000: a database that registered the local blend before the personal reference holds the old
// query-level cut (-0.0254), which the new margin would make more lenient; the migration moves it to the cut the
// new margin calibrates to, and leaves a cut an operator calibrated, and other models, as they are.
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { readMigrations } from '../../src/db/migration-files.ts';
import { openPglite } from '../../src/db/pglite-executor.ts';
import { BLEND_MODEL_DEFAULTS, BLEND_MODEL_ID } from '../../src/embedding/sentence/index.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';

const MIGRATION = '20261202140000_intent_floor_personal_reference.sql';

describe(`migration ${MIGRATION}`, () => {
  let db: SqlExecutor | undefined;
  afterEach(async () => {
    await db?.close();
  });

  /** A database migrated up to the one before, with the blend and another model registered at `blendCut`. */
  async function migratedBefore(blendCut: number) {
    const all = await readMigrations();
    db = await openPglite();
    await migrate(
      db,
      all.filter((m) => m.name < MIGRATION),
    );
    for (const model of [BLEND_MODEL_ID, 'other/model@1']) {
      await db.query('select engram.register_embedding_model($1, $2, $3, $4, $5)', [
        model,
        'local',
        8,
        0.2,
        false,
      ]);
      await db.query('select engram.set_model_floor($1, null, null, false, $2)', [model, blendCut]);
    }
    return all;
  }
  const cuts = async () =>
    Object.fromEntries(
      (
        await db!.query<{ model: string; floor_intent: number }>(
          'select model, floor_intent from engram.embedding_models order by model',
        )
      ).rows.map((r) => [r.model, r.floor_intent]),
    );

  it("moves the blend's shipped cut to the new one, and no other model's", async () => {
    const all = await migratedBefore(-0.0254);
    await migrate(db!, all);
    const after = await cuts();
    expect(after[BLEND_MODEL_ID]).toBeCloseTo(BLEND_MODEL_DEFAULTS.floor!.intent!, 6);
    expect(after[BLEND_MODEL_ID]).toBeCloseTo(-0.0154, 6);
    expect(after['other/model@1']).toBeCloseTo(-0.0254, 6);
  });

  it('keeps a cut an operator calibrated', async () => {
    const all = await migratedBefore(-0.031);
    await migrate(db!, all);
    expect((await cuts())[BLEND_MODEL_ID]).toBeCloseTo(-0.031, 6);
  });
});
