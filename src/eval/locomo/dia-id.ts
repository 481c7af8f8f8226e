// Normalises LoCoMo evidence ids ("D3:4"): the dataset has malformed ones (`D:11:26`, `D30:05`, `D8:6; D9:17`).

/** A well-formed dialog id: D<session>:<turn>, both positive integers without leading zeros. */
export type DiaId = `D${number}:${number}`;

const ONE_ID = /^D\s*:?\s*(\d+)\s*:\s*(\d+)$/i;

/**
 * Turns one raw evidence entry into zero or more canonical dialog ids. It splits compound entries on `;`, `,` or
 * whitespace between ids, tolerates a stray colon after the `D` and leading zeros, and drops what is not an id
 * at all (e.g. a bare `D`). Order is kept and duplicates removed.
 */
export function normalizeDiaIds(raw: string): DiaId[] {
  const out: DiaId[] = [];
  for (const part of raw.split(/[;,]|\s+(?=D)/i)) {
    const match = ONE_ID.exec(part.trim());
    if (!match) continue;
    const session = Number.parseInt(match[1]!, 10);
    const turn = Number.parseInt(match[2]!, 10);
    if (session < 1 || turn < 1) continue;
    const id: DiaId = `D${session}:${turn}`;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** The canonical form of a turn's own id, or null when it is not a dialog id (turn ids are well formed in practice). */
export function canonicalDiaId(raw: string): DiaId | null {
  const [id] = normalizeDiaIds(raw);
  return id ?? null;
}
