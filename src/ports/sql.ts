// The SQL executor port: the one thing the store needs from a Postgres driver. Adapters: PGlite (embedded),
// node-postgres (Node against a server), @neondatabase/serverless (Workers).

export interface QueryResult<Row> {
  rows: Row[];
}

/** Runs statements inside one open transaction (or on one connection). Parameters are $1, $2, ... */
export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlExecutor extends SqlSession {
  /**
   * Runs `work` in one transaction: commit when it resolves, roll back when it throws. Everything a request
   * changes goes through one of these, so nothing is ever half-written.
   */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine this is, for logs and the readiness probe. */
  readonly engine: 'pglite' | 'postgres' | 'neon';
}
