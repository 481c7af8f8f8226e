// The API contract in one place: every request and response schema of the HTTP API, the MCP tools, the client and
// the supabase-js helper, with the types from z.infer, and the one status-to-code table.
export * from './audit.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './feedback.ts';
export * from './forget.ts';
export * from './ingest.ts';
export * from './keys.ts';
export * from './mcp.ts';
export * from './memories.ts';
export * from './memory.ts';
export * from './recall.ts';
export type * from './rpc.ts';
export * from './tenants.ts';
