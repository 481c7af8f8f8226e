// pgvector's text form of a vector, the one way vectors are passed to SQL.

/** pgvector's text input; a JS array parameter would become a Postgres array literal instead. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}
