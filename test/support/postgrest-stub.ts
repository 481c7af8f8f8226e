// A local stand-in for PostgREST's RPC endpoint (no PostgREST binary is available here), speaking its wire
// format so that the real @supabase/supabase-js client can be tested against the real database:
//   POST /rest/v1/rpc/<fn>, headers apikey, Authorization: Bearer <jwt>, Content-Profile: <schema>, JSON body of
//   named arguments -> verify the JWT (HS256) -> one transaction: set_config('role'), set_config
//   ('request.jwt.claims'), select from <schema>.<fn>(arg => ...) -> JSON (set -> array, scalar -> value) or a
//   PostgREST error { code, message, details, hint } with PostgREST's HTTP status.
// Fidelity limits: RPC over POST only (no tables, no GET RPC, no filters/order/limit query params, no Prefer
// handling), HS256 only, overloads resolved by argument names only, no schema cache reload semantics.

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { base64UrlDecode } from '../../src/auth/base64url.ts';
import type { SqlExecutor } from '../../src/ports/sql.ts';

export interface PostgrestStubOptions {
  db: SqlExecutor;
  /** PostgREST's jwt-secret (Supabase's project JWT secret). */
  jwtSecret: string;
  /** The keys the gateway accepts in the `apikey` header (anon and service_role keys). */
  apiKeys: string[];
  /** db-schemas: the exposed schemas; the first is the default. */
  schemas?: string[];
  /** db-anon-role: the role of requests without a user token. */
  anonRole?: string;
}

export interface PostgrestStub {
  url: string;
  /** How many RPC calls reached the database. */
  calls(): number;
  close(): Promise<void>;
}

interface PgrstError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

const error = (
  status: number,
  body: Partial<PgrstError> & { message: string },
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ code: null, details: null, hint: null, ...body }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** PostgREST's SQLSTATE -> HTTP status table (docs: "Errors" / "HTTP status codes"). */
export function statusOfSqlState(code: string, anonymous: boolean): number {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || ['53', '54', '55', '57', '58'].includes(cls)) return 503;
  if (['0L', '0P', '28'].includes(cls)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

async function verifyHs256(token: string, secret: string): Promise<Record<string, unknown> | string> {
  const parts = token.split('.');
  if (parts.length !== 3)
    return 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)';
  const [h, p, s] = parts as [string, string, string];
  const header = base64UrlDecode(h);
  const payload = base64UrlDecode(p);
  const signature = base64UrlDecode(s);
  if (!header || !payload || !signature) return 'JWSError (CompactDecodeError Invalid base64url)';
  const alg = (JSON.parse(new TextDecoder().decode(header)) as { alg?: unknown }).alg;
  if (alg !== 'HS256') return 'JWSError JWSInvalidSignature';
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  if (!(await crypto.subtle.verify('HMAC', key, signature, new TextEncoder().encode(`${h}.${p}`))))
    return 'JWSError JWSInvalidSignature';
  return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
}

interface FunctionInfo {
  retset: boolean;
  rettype: string;
  typtype: string;
  names: string[];
  types: string[];
  required: number;
}

async function lookup(db: SqlExecutor, schema: string, name: string): Promise<FunctionInfo[]> {
  const { rows } = await db.query<{
    retset: boolean;
    rettype: string;
    typtype: string;
    argnames: string[] | null;
    argmodes: string[] | null;
    argtypes: string[];
    nargs: number;
    ndefaults: number;
  }>(
    `select p.proretset as retset, p.prorettype::regtype::text as rettype, t.typtype::text as typtype,
            p.proargnames as argnames, p.proargmodes::text[] as argmodes,
            array(select pg_catalog.format_type(x, null) from pg_catalog.unnest(p.proargtypes) x) as argtypes,
            p.pronargs::integer as nargs, p.pronargdefaults::integer as ndefaults
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.proname = $2`,
    [schema, name],
  );
  return rows.map((r) => {
    const modes = r.argmodes ?? (r.argnames ?? []).map(() => 'i');
    // Input arguments are IN, INOUT and VARIADIC ones; proargtypes lists exactly those, in order.
    const names = (r.argnames ?? []).filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'));
    return {
      retset: r.retset,
      rettype: r.rettype,
      typtype: r.typtype,
      names,
      types: r.argtypes,
      required: r.nargs - r.ndefaults,
    };
  });
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The statement PostgREST would run: arguments typed by json_to_record, results aggregated to JSON text. */
function statementFor(
  schema: string,
  fn: string,
  info: FunctionInfo,
  keys: string[],
): { sql: string; void: boolean; params: boolean } {
  const used = info.names
    .map((n, i) => ({ name: n, type: info.types[i]! }))
    .filter((a) => keys.includes(a.name));
  const call = `${ident(schema)}.${ident(fn)}(${used.map((a) => `${ident(a.name)} => _args.${ident(a.name)}`).join(', ')})`;
  const params = used.length > 0;
  const args = params
    ? `(select * from pg_catalog.json_to_record($1::json) as _r(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})) _args`
    : '(select 1) _args';
  if (info.rettype === 'void') return { sql: `select ${call} from ${args}`, void: true, params };
  const composite = info.typtype === 'c' || info.rettype === 'record';
  const select = info.retset
    ? composite
      ? `select coalesce(pg_catalog.json_agg(_t), '[]')::text as body from ${args}, lateral ${call} _t`
      : `select coalesce(pg_catalog.json_agg(_t.v), '[]')::text as body from ${args}, lateral ${call} as _t(v)`
    : composite
      ? `select pg_catalog.to_json(_t)::text as body from ${args}, lateral ${call} _t`
      : `select pg_catalog.to_json(${call})::text as body from ${args}`;
  return { sql: select, void: false, params };
}

export function postgrestHandler(options: PostgrestStubOptions, counter: { calls: number }) {
  const schemas = options.schemas ?? ['engram'];
  const anonRole = options.anonRole ?? 'anon';
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const match = /^\/rest\/v1\/rpc\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(url.pathname);
    // The gateway (Kong on Supabase) checks the apikey before PostgREST sees anything.
    const apikey = request.headers.get('apikey');
    if (!apikey)
      return error(401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    if (!options.apiKeys.includes(apikey)) return error(401, { message: 'Invalid API key' });
    if (!match) return error(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });
    if (request.method !== 'POST')
      return error(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${request.method}` });
    const fn = match[1]!;

    const schema = request.headers.get('content-profile') ?? schemas[0]!;
    if (!schemas.includes(schema))
      return error(406, {
        code: 'PGRST106',
        message: `The schema must be one of the following: ${schemas.join(', ')}`,
      });

    let claims: Record<string, unknown> = { role: anonRole };
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (bearer) {
      const verified = await verifyHs256(bearer, options.jwtSecret).catch(
        () => 'JWSError (JSON decoding error)',
      );
      if (typeof verified === 'string')
        return error(
          401,
          { code: 'PGRST301', message: verified },
          { 'www-authenticate': `Bearer error="invalid_token", error_description="${verified}"` },
        );
      const now = Date.now() / 1000;
      // PostgREST allows 30 s of clock skew on exp, nbf and iat.
      if (typeof verified.exp === 'number' && now - 30 > verified.exp)
        return error(
          401,
          { code: 'PGRST303', message: 'JWT expired' },
          { 'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"' },
        );
      if (typeof verified.nbf === 'number' && now + 30 < verified.nbf)
        return error(401, { code: 'PGRST303', message: 'JWT not yet valid' });
      claims = verified;
    }
    const role = typeof claims.role === 'string' ? claims.role : anonRole;

    let body: unknown;
    try {
      const text = await request.text();
      body = text === '' ? {} : JSON.parse(text);
    } catch {
      return error(400, { code: 'PGRST102', message: 'Empty or invalid json' });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return error(400, { code: 'PGRST102', message: 'Empty or invalid json' });
    const keys = Object.keys(body);

    const candidates = await lookup(options.db, schema, fn);
    const info = candidates.find(
      (c) =>
        keys.every((k) => c.names.includes(k)) && c.names.slice(0, c.required).every((n) => keys.includes(n)),
    );
    if (!info) {
      const listed = [...keys].sort().join(', ');
      return error(404, {
        code: 'PGRST202',
        message: `Could not find the function ${schema}.${fn}(${listed}) in the schema cache`,
        details: `Searched for the function ${schema}.${fn} with parameters ${listed} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      });
    }

    const statement = statementFor(schema, fn, info, keys);
    counter.calls++;
    try {
      const result = await options.db.transaction(async (session) => {
        await session.query(
          "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true), set_config('request.path', $3, true)",
          [role, JSON.stringify(claims), url.pathname],
        );
        const { rows } = await session.query<{ body: string | null }>(
          statement.sql,
          statement.params ? [JSON.stringify(body)] : [],
        );
        return rows[0]?.body ?? 'null';
      });
      if (statement.void) return new Response(null, { status: 204 });
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      return new Response(result, { status: 200, headers });
    } catch (caught) {
      const e = caught as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown };
      const code = typeof e.code === 'string' ? e.code : 'XX000';
      return error(statusOfSqlState(code, role === anonRole), {
        code,
        message: typeof e.message === 'string' ? e.message : 'error',
        details: typeof e.detail === 'string' ? e.detail : null,
        hint: typeof e.hint === 'string' ? e.hint : null,
      });
    }
  };
}

/** Serves the stub on 127.0.0.1 (an ephemeral port); supabase-js gets `url` as its project URL. */
export async function startPostgrestStub(options: PostgrestStubOptions): Promise<PostgrestStub> {
  const counter = { calls: 0 };
  const handler = postgrestHandler(options, counter);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => counter.calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
