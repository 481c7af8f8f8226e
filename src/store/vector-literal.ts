// pgvector's text form of a vector, the one way vectors are passed to SQL.

/**
 * pgvector's text input; a JS array parameter would become a Postgres array literal instead. pgvector stores
 * float4 (it reads each number with strtof), so a component is written as its float32 value to 9 significant
 * digits, which always reads back as exactly that float32 (IEEE 754: 9 digits round-trip any binary32). The
 * shortest double form (`join(',')`) made ~1 MB of text a 500-item batch of 100-d vectors, 43-67 ms to build and
 * 22-26 ms to escape and send; this is 0.64 of the text, 32-45 ms and 10 ms (load 11 on 2 cores). The stored values are the same (test/store/vector-literal.test.ts reads both
 * back): both round the component to the nearest float32, except exactly halfway between two, where strtof of the
 * double's text falls on the side that text lies, so such a component keeps that text.
 */
export function vectorLiteral(vector: readonly number[]): string {
  let text = '[';
  for (let i = 0; i < vector.length; i++) {
    if (i > 0) text += ',';
    const x = vector[i]!;
    const single = Math.fround(x);
    const other = x + (x - single);
    text += single !== x && Math.fround(other) === other ? String(x) : single.toPrecision(9);
  }
  return `${text}]`;
}
