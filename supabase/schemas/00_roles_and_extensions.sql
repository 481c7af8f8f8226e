-- engram schema: extensions, schemas and roles.
-- supabase/schemas/ holds the current definition of every object of Engram's database, one file per area, applied
-- in file order. A change is a new migration in supabase/migrations/ plus the edit here; a test builds a database
-- from each and fails when they differ (supabase/README.md).
--
-- pgvector lives in schema `extensions`, as on Supabase, so that one set of function bodies works on Supabase,
-- Neon, plain PostgreSQL and PGlite (shared/notes/portable-sql.md).

create schema if not exists extensions;
create extension if not exists vector with schema extensions;
-- GIN operator classes for plain columns: the lexical lane's index leads with (tenant_id, subject) (50_recall_rpc).
create extension if not exists btree_gin with schema extensions;

create schema if not exists engram;
comment on schema engram is 'Engram long-term memory: tables, row-level security and the RPC functions that are the database API.';

-- Roles. Never a bare `create role`: Supabase already has anon and authenticated.
-- engram_app:      tenant-scoped role the servers switch to in every tenant transaction (no BYPASSRLS).
-- engram_operator: operator and scheduled jobs (create tenants and keys, sweep, backfill, re-embed, erase a tenant).
-- authenticated:   Supabase's role for signed-in supabase-js callers (tenant from the JWT, subject = sub).
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'engram_app') then
    create role engram_app nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'engram_operator') then
    create role engram_operator nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
end
$$;

-- The login role that runs migrations (the owner) may switch to the two engram roles: servers connect as that
-- login and `set local role` inside each transaction, so tenant queries never run as the owner.
do $$
begin
  execute pg_catalog.format('grant engram_app to %I', current_user);
  execute pg_catalog.format('grant engram_operator to %I', current_user);
end
$$;

grant usage on schema engram to engram_app, engram_operator, authenticated;
grant usage on schema extensions to engram_app, engram_operator, authenticated;

-- Functions are executable only by the roles granted explicitly, so every function below revokes PUBLIC beside its
-- grants. PostgreSQL lets PUBLIC execute every new function, and `alter default privileges in schema engram revoke
-- execute on functions from public` cannot change that: per-schema default privileges only add rights. Before the
-- explicit revokes every function was executable by PUBLIC, including anon (table grants and RLS still blocked the
-- calls, but the API surface should be exactly what is granted).
