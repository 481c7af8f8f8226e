// The vector text the store sends is read by pgvector as the very float4 values the full double text gives, on
// every backend (the shorter text must not change a stored vector).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectorLiteral } from '../../src/store/vector-literal.ts';
import { backends, type TestDatabase } from '../support/databases.ts';

/** Unit vectors like an embedder's, and components at the edges of float32's range and precision. */
function vectors(): number[][] {
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const out: number[][] = [];
  for (let i = 0; i < 200; i++) {
    const raw = Array.from({ length: 64 }, () => next() * 2 - 1);
    const norm = Math.hypot(...raw);
    out.push(raw.map((x) => x / norm));
  }
  // The last component is exactly halfway between two float32s (2^-20 has an ulp of 2^-43).
  out.push([0, -0, 1, -1, 1e-7, -3.4e-38, 1.17549435e-38, 1e-45, 3.4e38, 0.1, 1 / 3, 2 ** -20 + 2 ** -44]);
  out.push(Array.from({ length: 512 }, (_, d) => Math.sin(d * 0.37) * 10 ** ((d % 9) - 4)));
  return out;
}

describe.each(backends)('vectorLiteral on $name', ({ open }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open('vector_literal');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('stores the same float4 values as the full double text', async () => {
    const all = vectors();
    const { rows } = await database.db.query<{ same: boolean; short: string; full: string }>(
      `select a::extensions.vector::real[] = b::extensions.vector::real[] as same,
              a::extensions.vector::text as short, b::extensions.vector::text as full
         from unnest($1::text[], $2::text[]) as t(a, b)`,
      [all.map((v) => vectorLiteral(v)), all.map((v) => `[${v.join(',')}]`)],
    );
    expect(rows).toHaveLength(all.length);
    for (const row of rows) expect(row.short).toBe(row.full);
    expect(rows.every((r) => r.same)).toBe(true);
  });

  it('writes each component as its float32 value in at most 9 significant digits', () => {
    const text = vectorLiteral([0.1, -1 / 3, 1e-7]);
    expect(text).toBe('[0.100000001,-0.333333343,1.00000001e-7]');
    expect(JSON.parse(text.replace(/e/g, 'E'))).toEqual(
      [0.1, -1 / 3, 1e-7].map((x) => Number(Math.fround(x).toPrecision(9))),
    );
  });
});
