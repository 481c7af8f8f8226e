-- engram: baseline. The whole database API as it stood when the 15 pre-release migrations (20261129000100 to
-- 20261130000400) were squashed into this one file; nothing had been released. It is supabase/schemas/ of that day,
-- concatenated in file order. Like every migration it is never edited: supabase/schemas/ holds the current
-- definitions, and each later change is a new migration beside this one (supabase/README.md).
-- `engram migrate` records this file without running it on a database that applied all 15 of those migrations
-- (src/db/squashed-migrations.ts), so databases built before the squash keep working.

-- ==== supabase/schemas/00_roles_and_extensions.sql ====

-- engram schema: extensions, schemas and roles.
-- supabase/schemas/ holds the current definition of every object of Engram's database, one file per area, applied
-- in file order. A change is a new migration in supabase/migrations/ plus the edit here; a test builds a database
-- from each and fails when they differ (supabase/README.md).
--
-- pgvector lives in schema `extensions`, as on Supabase, so that one set of function bodies works on Supabase,
-- Neon, plain PostgreSQL and PGlite (shared/notes/portable-sql.md).

create schema if not exists extensions;
create extension if not exists vector with schema extensions;

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

-- ==== supabase/schemas/10_tables.sql ====

-- engram schema: tables, indexes, statistics and triggers. Tenant isolation is enforced by row-level security
-- (20_row_level_security.sql), not by the application; every tenant table carries tenant_id so that policies need
-- no join.

-- Helpers used by generated columns must be immutable.
create function engram.tags_text(p_tags text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select coalesce(pg_catalog.array_to_string(p_tags, ' '), '') $$;
comment on function engram.tags_text(text[]) is 'Tags as one space-separated string, for the full-text index (array_to_string itself is only stable).';
-- Evaluated as the querying role (generated columns, write_memory).
revoke execute on function engram.tags_text(text[]) from public;
grant execute on function engram.tags_text(text[]) to engram_app, authenticated, engram_operator;

create function engram.ts_config_for(p_language text)
returns regconfig
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case pg_catalog.split_part(pg_catalog.lower(coalesce(p_language, 'en')), '-', 1)
    when 'en' then 'pg_catalog.english'
    when 'de' then 'pg_catalog.german'
    when 'fr' then 'pg_catalog.french'
    when 'es' then 'pg_catalog.spanish'
    when 'pt' then 'pg_catalog.portuguese'
    when 'it' then 'pg_catalog.italian'
    when 'nl' then 'pg_catalog.dutch'
    when 'sv' then 'pg_catalog.swedish'
    when 'da' then 'pg_catalog.danish'
    when 'fi' then 'pg_catalog.finnish'
    when 'no' then 'pg_catalog.norwegian'
    when 'nb' then 'pg_catalog.norwegian'
    when 'ru' then 'pg_catalog.russian'
    when 'hu' then 'pg_catalog.hungarian'
    when 'ro' then 'pg_catalog.romanian'
    when 'tr' then 'pg_catalog.turkish'
    else 'pg_catalog.simple'
  end::regconfig
$$;
comment on function engram.ts_config_for(text) is 'Maps a language tag (en, pt-BR, ...) to a text-search configuration; simple when unknown.';
revoke execute on function engram.ts_config_for(text) from public;
grant execute on function engram.ts_config_for(text) to engram_app, authenticated, engram_operator;

create table engram.tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (pg_catalog.char_length(name) between 1 and 100),
  created_at timestamptz not null default now()
);
comment on table engram.tenants is 'One row per tenant (an app or organisation); every memory belongs to exactly one.';

create table engram.api_keys (
  id text primary key check (id ~ '^[A-Za-z0-9]{8,32}$'),
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  name text not null default 'default' check (pg_catalog.char_length(name) between 1 and 100),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  scopes text[] not null default '{memories:read,memories:write}',
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);
create index api_keys_tenant_idx on engram.api_keys (tenant_id);
comment on table engram.api_keys is 'Engram API keys: the public id is part of the key string; only a SHA-256 of the secret part is stored.';

create table engram.embedding_models (
  model text primary key check (pg_catalog.char_length(model) between 1 and 200),
  provider text not null,
  dims integer not null check (dims between 1 and 16000),
  status text not null default 'backfilling' check (status in ('active', 'backfilling', 'retired')),
  threshold real check (threshold between -1 and 1),
  threshold_precision real,
  threshold_recall real,
  calibrated_at timestamptz,
  index_version integer not null default 1,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  retired_at timestamptz,
  calibration_plot text,
  -- Fusion weights per model. How much a model's vector lane should count against full text depends on the model:
  -- the local 100-d word-vector model ranks worse than BM25 on LoCoMo and, fused at equal weight, dragged the hybrid
  -- below lexical alone (R@10 0.651 against 0.746); a strong model deserves more. Like the similarity threshold, the
  -- weights are measured per model and stored with it; null means the service's defaults (vector 1, lexical 1,
  -- k 60).
  vector_weight real check (vector_weight is null or vector_weight between 0 and 1000),
  rrf_k integer check (rrf_k is null or rrf_k between 1 and 1000)
);
-- At most one model serves reads at a time; a migration backfills the next one beside it.
create unique index embedding_models_one_active_idx on engram.embedding_models ((true)) where status = 'active';
comment on table engram.embedding_models is 'Registered embedding models: dimensions, lifecycle (active, backfilling, retired) and the calibrated similarity threshold.';
comment on column engram.embedding_models.calibration_plot is 'Where the last `engram calibrate` wrote its similarity plot (a path, for people; never read by code).';
comment on column engram.embedding_models.vector_weight is 'RRF weight of this model''s vector lane (lexical counts 1); null: the service default.';
comment on column engram.embedding_models.rrf_k is 'RRF constant k for recalls served by this model; null: the service default.';

-- Room on every page for recall bookkeeping (fillfactor 80). Every recall updates last_recalled_at and recall_count
-- of what it returned. With full pages those updates could not stay on the page (HOT), so each left a dead row
-- version behind in every index: measured during a LoCoMo eval (2,760 memories, 999 recalls of 50 items in lexical
-- mode), memories held 13,184 dead versions beside 2,760 live ones, 43% of the updates were HOT, and recall slowed
-- as the lexical lane walked the dead versions. No indexed column changes on those updates, so with free space on
-- the page they are HOT and pruned without a vacuum. (On a database created before this setting, it applies to
-- pages written since; VACUUM FULL or pg_repack rewrites the older ones.)
create table engram.memories (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  subject text not null check (pg_catalog.char_length(subject) between 1 and 200),
  kind text not null check (kind in ('preference', 'fact', 'decision', 'episode', 'constraint', 'rule')),
  content text not null check (pg_catalog.char_length(content) between 1 and 8000),
  tags text[] not null default '{}' check (pg_catalog.cardinality(tags) <= 32),
  language text not null default 'en',
  ts_config regconfig not null default 'pg_catalog.english',
  -- Neighbouring turns or other text that helps lexical search find this memory; indexed at the lowest weight
  -- and never returned as content.
  context_text text check (context_text is null or pg_catalog.char_length(context_text) <= 16000),
  search_tsv tsvector generated always as (
    pg_catalog.setweight(pg_catalog.to_tsvector(ts_config, content), 'A')
    || pg_catalog.setweight(pg_catalog.to_tsvector(ts_config, engram.tags_text(tags)), 'B')
    || pg_catalog.setweight(pg_catalog.to_tsvector(ts_config, coalesce(context_text, '')), 'D')
  ) stored,
  importance real not null default 0.5 check (importance between 0 and 1),
  confidence real not null default 1 check (confidence between 0 and 1),
  trust smallint not null check (trust between 0 and 3),
  source_type text not null check (source_type in ('user', 'app', 'model', 'external', 'system')),
  source_uri text,
  source_id text,
  source_session text,
  source_hash text,
  content_hash text not null,
  idempotency_key text,
  key text,
  facet text,
  polarity text check (polarity in ('prefer', 'avoid', 'neutral')),
  trigger text,
  metadata jsonb not null default '{}',
  flags text[] not null default '{}',
  embedding_status text not null default 'pending' check (embedding_status in ('ready', 'pending', 'failed')),
  embedding_model text,
  embedding_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  valid_from timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  -- Deferred so that a write can point the old version at the new id before inserting it (see write_memory).
  supersedes uuid references engram.memories (id) on delete set null deferrable initially deferred,
  superseded_by uuid references engram.memories (id) on delete set null deferrable initially deferred,
  last_recalled_at timestamptz,
  recall_count integer not null default 0,
  -- Lets memory_embeddings reference (id, tenant_id, subject), so its copies can never disagree.
  unique (id, tenant_id, subject)
) with (fillfactor = 80);
comment on table engram.memories is 'One row per memory: content, provenance, trust, lifecycle (supersession, revocation, expiry) and a generated full-text vector.';

-- Live rows of one subject, newest first: list and recall filters.
create index memories_live_subject_idx on engram.memories (tenant_id, subject, created_at desc)
  where revoked_at is null and superseded_by is null;
-- Every row of one subject (list with include=revoked, erase, export).
create index memories_subject_idx on engram.memories (tenant_id, subject, created_at desc, id desc);
create index memories_search_idx on engram.memories using gin (search_tsv);
-- Dedupe: one live memory per content in a subject; concurrent identical writes collide here.
create unique index memories_live_content_idx on engram.memories (tenant_id, subject, content_hash)
  where revoked_at is null and superseded_by is null;
-- Supersession by key: one live version per key.
create unique index memories_live_key_idx on engram.memories (tenant_id, subject, key)
  where key is not null and revoked_at is null and superseded_by is null;
create unique index memories_idempotency_idx on engram.memories (tenant_id, idempotency_key)
  where idempotency_key is not null;
create index memories_live_facet_idx on engram.memories (tenant_id, subject, facet)
  where facet is not null and revoked_at is null and superseded_by is null;
create index memories_live_rules_idx on engram.memories (tenant_id, subject)
  where kind = 'rule' and revoked_at is null and superseded_by is null;
create index memories_source_uri_idx on engram.memories (tenant_id, source_uri) where source_uri is not null;
create index memories_expires_idx on engram.memories (expires_at) where expires_at is not null;
create index memories_revoked_idx on engram.memories (revoked_at) where revoked_at is not null;
create index memories_pending_idx on engram.memories (created_at) where embedding_status = 'pending';
-- The ON DELETE SET NULL actions of the supersession links look up the rows that point at a deleted memory; without
-- these indexes every deleted row (sweep, erasure) would scan the whole table. They also serve the sweep's
-- neighbour lock (sweep_expired).
create index memories_supersedes_idx on engram.memories (supersedes) where supersedes is not null;
create index memories_superseded_by_idx on engram.memories (superseded_by) where superseded_by is not null;
-- The planner otherwise treats tenant and subject as independent and overestimates a subject's rows.
create statistics if not exists engram.memories_tenant_subject_stats (dependencies, ndistinct)
  on tenant_id, subject from engram.memories;

create function engram.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end
$$;
comment on function engram.touch_updated_at() is 'Sets updated_at on every update of a memory.';
revoke execute on function engram.touch_updated_at() from public;
create trigger memories_touch before update on engram.memories
  for each row execute function engram.touch_updated_at();

create table engram.memory_embeddings (
  memory_id uuid not null,
  model text not null references engram.embedding_models (model) on delete cascade,
  tenant_id uuid not null,
  subject text not null,
  -- No fixed dimension: several models coexist during a migration; each model has its own partial HNSW
  -- expression index with its dimension (created by register_embedding_model).
  embedding extensions.vector not null,
  index_version integer not null default 1,
  created_at timestamptz not null default now(),
  primary key (memory_id, model),
  foreign key (memory_id, tenant_id, subject) references engram.memories (id, tenant_id, subject) on delete cascade
);
create index memory_embeddings_subject_idx on engram.memory_embeddings (tenant_id, subject, model);
-- Vectors are looked up by (memory, model) for coverage and claims, and deleted by model when one is retired.
-- An index on model alone let the planner, with statistics from before a new model had any vectors, scan all of
-- that model's vectors for every memory (a quadratic plan, 74 s for 10,000 on PGlite); with (model, memory_id)
-- every such lookup is one index probe whatever the statistics say.
create index memory_embeddings_model_memory_idx on engram.memory_embeddings (model, memory_id);
comment on table engram.memory_embeddings is 'Vectors of live memories, one per (memory, model); tenant and subject are copied from the memory so that RLS and filtered scans need no join.';

create table engram.audit_events (
  id bigint generated always as identity primary key,
  tenant_id uuid not null,
  subject text,
  memory_id uuid,
  related_ids uuid[] not null default '{}',
  actor text not null,
  action text not null,
  reason text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  redacted_at timestamptz
);
create index audit_events_tenant_subject_idx on engram.audit_events (tenant_id, subject, created_at);
create index audit_events_memory_idx on engram.audit_events (tenant_id, memory_id);
-- GET /v1/audit?memory_id= also matches events that name the memory among their related ids (supersede, sweep).
create index audit_events_related_idx on engram.audit_events using gin (related_ids);
-- A tenant's whole trail in id order (GET /v1/audit without filters) without walking other tenants' events.
create index audit_events_tenant_id_idx on engram.audit_events (tenant_id, id);
comment on table engram.audit_events is 'Append-only trail of every change (actor, action, ids, reason, time). Never holds memory content; erasure redacts subject and reason.';

create function engram.audit_events_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- Only a tenant erasure removes audit rows (their tenant is gone).
    if pg_catalog.current_setting('engram.erasing_tenant', true) is distinct from old.tenant_id::text then
      raise exception 'audit events are append-only' using errcode = '42501';
    end if;
    return old;
  end if;
  -- An update may only redact: set redacted_at once, keep what and when.
  if old.redacted_at is not null or new.redacted_at is null
     or new.action is distinct from old.action or new.created_at is distinct from old.created_at
     or new.memory_id is distinct from old.memory_id or new.tenant_id is distinct from old.tenant_id then
    raise exception 'audit events are append-only' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function engram.audit_events_guard() is 'Keeps audit_events append-only: updates may only redact, deletes only during a tenant erasure.';
revoke execute on function engram.audit_events_guard() from public;
create trigger audit_events_append_only before update or delete on engram.audit_events
  for each row execute function engram.audit_events_guard();

-- Each recall records which memory ids it returned (ids only, never content or the query); the app reports which
-- of them it used. The retrieved-but-unused rate comes from these rows.
create table engram.recall_events (
  id uuid primary key,
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  subject text not null check (pg_catalog.char_length(subject) between 1 and 200),
  returned_ids uuid[] not null default '{}' check (pg_catalog.cardinality(returned_ids) <= 200),
  used_ids uuid[] not null default '{}' check (pg_catalog.cardinality(used_ids) <= 200),
  created_at timestamptz not null default now(),
  feedback_at timestamptz
);
create index recall_events_tenant_subject_idx on engram.recall_events (tenant_id, subject, created_at);
create index recall_events_created_idx on engram.recall_events (created_at);
comment on table engram.recall_events is 'One row per recall: the memory ids it returned and those the app reported as used (POST /v1/recalls/{id}/feedback). Ids only, never content or queries.';
comment on column engram.recall_events.id is 'The recall_id returned to the caller.';

-- ==== supabase/schemas/20_row_level_security.sql ====

-- engram schema: row-level security, enabled and forced on every tenant table, one policy per operation and role,
-- and the table privileges beside each table's policies (RLS decides which rows; grants decide which operations at
-- all). The tenant of a transaction comes from:
--   engram_app     the transaction-local setting engram.tenant_id (set by the Worker and the Node server);
--   authenticated  the Supabase JWT claims (tenant_id, or app_metadata.tenant_id), and the subject is `sub`.
-- With no tenant set, a tenant role sees nothing. FORCE makes the table owner obey the policies too.
-- The helpers below are evaluated by policies as the querying role, so every role may execute them.

create function engram.app_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$ select nullif(pg_catalog.current_setting('engram.tenant_id', true), '')::uuid $$;
comment on function engram.app_tenant_id() is 'The tenant of the current transaction, set by the server with set_config(''engram.tenant_id'', ..., true); null when unset.';
revoke execute on function engram.app_tenant_id() from public;
grant execute on function engram.app_tenant_id() to engram_app, authenticated, engram_operator;

create function engram.jwt_claims()
returns jsonb
language sql
stable
set search_path = ''
as $$ select coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;
comment on function engram.jwt_claims() is 'The JWT claims PostgREST sets for supabase-js callers (what auth.jwt() reads on Supabase), portable to plain PostgreSQL.';
revoke execute on function engram.jwt_claims() from public;
grant execute on function engram.jwt_claims() to engram_app, authenticated, engram_operator;

create function engram.jwt_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$
  select nullif(coalesce(engram.jwt_claims() ->> 'tenant_id', engram.jwt_claims() -> 'app_metadata' ->> 'tenant_id'), '')::uuid
$$;
comment on function engram.jwt_tenant_id() is 'Tenant of a supabase-js caller: claim tenant_id, or app_metadata.tenant_id (which users cannot edit themselves).';
revoke execute on function engram.jwt_tenant_id() from public;
grant execute on function engram.jwt_tenant_id() to engram_app, authenticated, engram_operator;

create function engram.jwt_subject()
returns text
language sql
stable
set search_path = ''
as $$ select nullif(engram.jwt_claims() ->> 'sub', '') $$;
comment on function engram.jwt_subject() is 'Subject of a supabase-js caller: the JWT sub; such a caller reaches only its own subject.';
revoke execute on function engram.jwt_subject() from public;
grant execute on function engram.jwt_subject() to engram_app, authenticated, engram_operator;

create function engram.current_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$
  select case when current_user = 'authenticated' then engram.jwt_tenant_id() else engram.app_tenant_id() end
$$;
comment on function engram.current_tenant_id() is 'The tenant the RPC functions act for: from the JWT for authenticated callers, from engram.tenant_id otherwise.';
revoke execute on function engram.current_tenant_id() from public;
grant execute on function engram.current_tenant_id() to engram_app, authenticated, engram_operator;

-- memories and their embeddings: tenant roles see their tenant (JWT callers: their own subject too);
-- the operator role serves scheduled jobs that work across tenants (sweep, backfill, re-embed, tenant erasure).
alter table engram.memories enable row level security;
alter table engram.memories force row level security;
create policy memories_select_engram_app on engram.memories for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memories_insert_engram_app on engram.memories for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memories_update_engram_app on engram.memories for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memories_delete_engram_app on engram.memories for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memories_select_authenticated on engram.memories for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memories_insert_authenticated on engram.memories for insert to authenticated with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memories_update_authenticated on engram.memories for update to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject())) with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memories_delete_authenticated on engram.memories for delete to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memories_select_engram_operator on engram.memories for select to engram_operator using (true);
create policy memories_insert_engram_operator on engram.memories for insert to engram_operator with check (true);
create policy memories_update_engram_operator on engram.memories for update to engram_operator using (true) with check (true);
create policy memories_delete_engram_operator on engram.memories for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memories to engram_app, authenticated, engram_operator;

alter table engram.memory_embeddings enable row level security;
alter table engram.memory_embeddings force row level security;
create policy memory_embeddings_select_engram_app on engram.memory_embeddings for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_insert_engram_app on engram.memory_embeddings for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_update_engram_app on engram.memory_embeddings for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_delete_engram_app on engram.memory_embeddings for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_select_authenticated on engram.memory_embeddings for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_embeddings_insert_authenticated on engram.memory_embeddings for insert to authenticated with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_embeddings_update_authenticated on engram.memory_embeddings for update to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject())) with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_embeddings_delete_authenticated on engram.memory_embeddings for delete to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_embeddings_select_engram_operator on engram.memory_embeddings for select to engram_operator using (true);
create policy memory_embeddings_insert_engram_operator on engram.memory_embeddings for insert to engram_operator with check (true);
create policy memory_embeddings_update_engram_operator on engram.memory_embeddings for update to engram_operator using (true) with check (true);
create policy memory_embeddings_delete_engram_operator on engram.memory_embeddings for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memory_embeddings to engram_app, authenticated, engram_operator;

-- audit events: appended and read by tenant roles, redacted (update) on erasure; never deleted by them.
alter table engram.audit_events enable row level security;
alter table engram.audit_events force row level security;
create policy audit_events_select_engram_app on engram.audit_events for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_insert_engram_app on engram.audit_events for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_update_engram_app on engram.audit_events for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_select_authenticated on engram.audit_events for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy audit_events_insert_authenticated on engram.audit_events for insert to authenticated with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy audit_events_update_authenticated on engram.audit_events for update to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject())) with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy audit_events_select_engram_operator on engram.audit_events for select to engram_operator using (true);
create policy audit_events_insert_engram_operator on engram.audit_events for insert to engram_operator with check (true);
create policy audit_events_update_engram_operator on engram.audit_events for update to engram_operator using (true) with check (true);
create policy audit_events_delete_engram_operator on engram.audit_events for delete to engram_operator using (true);
grant select, insert, update on engram.audit_events to engram_app, authenticated;
grant select, insert, update, delete on engram.audit_events to engram_operator;
-- Inserting an event draws its id from the identity sequence.
grant usage on sequence engram.audit_events_id_seq to engram_app, authenticated, engram_operator;

-- recall events: written and read by tenant roles (JWT callers: their own subject); the operator purges old ones.
alter table engram.recall_events enable row level security;
alter table engram.recall_events force row level security;
create policy recall_events_select_engram_app on engram.recall_events for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_insert_engram_app on engram.recall_events for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_update_engram_app on engram.recall_events for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_delete_engram_app on engram.recall_events for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_select_authenticated on engram.recall_events for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_insert_authenticated on engram.recall_events for insert to authenticated with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_update_authenticated on engram.recall_events for update to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject())) with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_delete_authenticated on engram.recall_events for delete to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_select_engram_operator on engram.recall_events for select to engram_operator using (true);
create policy recall_events_delete_engram_operator on engram.recall_events for delete to engram_operator using (true);
grant select, insert, update, delete on engram.recall_events to engram_app, authenticated;
grant select, delete on engram.recall_events to engram_operator;

-- tenants and keys: a tenant reads its own row; only the operator creates or changes them.
alter table engram.tenants enable row level security;
alter table engram.tenants force row level security;
create policy tenants_select_engram_app on engram.tenants for select to engram_app using (id = (select engram.app_tenant_id()));
create policy tenants_select_authenticated on engram.tenants for select to authenticated using (id = (select engram.jwt_tenant_id()));
create policy tenants_select_engram_operator on engram.tenants for select to engram_operator using (true);
create policy tenants_insert_engram_operator on engram.tenants for insert to engram_operator with check (true);
create policy tenants_update_engram_operator on engram.tenants for update to engram_operator using (true) with check (true);
create policy tenants_delete_engram_operator on engram.tenants for delete to engram_operator using (true);
grant select on engram.tenants to engram_app, authenticated;
grant select, insert, update, delete on engram.tenants to engram_operator;

alter table engram.api_keys enable row level security;
alter table engram.api_keys force row level security;
create policy api_keys_select_engram_app on engram.api_keys for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy api_keys_select_engram_operator on engram.api_keys for select to engram_operator using (true);
create policy api_keys_insert_engram_operator on engram.api_keys for insert to engram_operator with check (true);
create policy api_keys_update_engram_operator on engram.api_keys for update to engram_operator using (true) with check (true);
create policy api_keys_delete_engram_operator on engram.api_keys for delete to engram_operator using (true);
grant select on engram.api_keys to engram_app;
grant select, insert, update, delete on engram.api_keys to engram_operator;

-- embedding_models is a global registry, not tenant data (no RLS): readable by all, written by the operator and
-- the owner.
grant select on engram.embedding_models to engram_app, authenticated;
grant select, insert, update on engram.embedding_models to engram_operator;

-- ==== supabase/schemas/30_memory_rpc.sql ====

-- engram schema: the memory RPC functions, the database API for the Worker, the Node server and supabase-js callers:
-- write, read, list and revoke a memory, store its vector, and the helpers every area uses (iso, memory_json, audit).
-- All are security invoker with an empty search_path (iso and memory_json aside: see iso): they run with the
-- caller's rights, so RLS applies to them exactly as to a direct query. Named parameters (p_*) are what
-- supabase-js .rpc() sends.

-- Timestamps in the API carry microseconds, the precision Postgres stores: with milliseconds a keyset cursor built
-- from created_at skipped rows created within the same millisecond as the last row of a page (list_memories
-- compares the full value).
-- iso and memory_json pin no search_path, so that the planner can inline them. A SQL function with a SET clause is
-- never inlined: every call saves and restores search_path, which also resets the search-path cache. Measured on
-- PostgreSQL 15 (1,000 rows): memory_json 47 us a row with the SET, 13 us without; recall builds it for every
-- candidate (up to ~100 a call), so this was most of the RPC's time on a small subject. Both bodies name everything
-- by schema (pg_catalog., engram.), both are security invoker, and they are only ever called from functions that
-- pin search_path themselves, so pinning it here protected nothing.
create function engram.iso(p_at timestamptz)
returns text
language sql
immutable
parallel safe
as $$ select pg_catalog.to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;
comment on function engram.iso(timestamptz) is 'ISO 8601 UTC with microseconds and Z, whatever the session time zone.';
revoke execute on function engram.iso(timestamptz) from public;
grant execute on function engram.iso(timestamptz) to engram_app, authenticated, engram_operator;

create function engram.is_live(m engram.memories)
returns boolean
language sql
stable
set search_path = ''
as $$
  select m.revoked_at is null and m.superseded_by is null
    and (m.expires_at is null or m.expires_at > pg_catalog.now())
    and (m.valid_from is null or m.valid_from <= pg_catalog.now())
$$;
comment on function engram.is_live(engram.memories) is 'A memory recall may return: not revoked, not superseded, not expired, already valid.';
revoke execute on function engram.is_live(engram.memories) from public;
grant execute on function engram.is_live(engram.memories) to engram_app, authenticated, engram_operator;

-- No SET search_path, so that it is inlined (see iso above).
create function engram.memory_json(m engram.memories)
returns jsonb
language sql
stable
as $$
  select pg_catalog.jsonb_build_object(
    'id', m.id,
    'subject', m.subject,
    'kind', m.kind,
    'content', m.content,
    'tags', pg_catalog.to_jsonb(m.tags),
    'importance', m.importance,
    'trust', m.trust,
    'confidence', m.confidence,
    'source', pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'type', m.source_type, 'uri', m.source_uri, 'id', m.source_id, 'session', m.source_session)),
    'key', m.key,
    'facet', m.facet,
    'polarity', m.polarity,
    'trigger', m.trigger,
    'language', m.language,
    'flags', pg_catalog.to_jsonb(m.flags),
    'created_at', engram.iso(m.created_at),
    'updated_at', engram.iso(m.updated_at),
    'valid_from', engram.iso(m.valid_from),
    'expires_at', engram.iso(m.expires_at),
    'revoked_at', engram.iso(m.revoked_at),
    'revoked_reason', m.revoked_reason,
    'supersedes', m.supersedes,
    'superseded_by', m.superseded_by,
    'embedding', pg_catalog.jsonb_build_object('model', m.embedding_model, 'status', m.embedding_status),
    'metadata', m.metadata,
    'last_recalled_at', engram.iso(m.last_recalled_at),
    'recall_count', m.recall_count
  )
$$;
comment on function engram.memory_json(engram.memories) is 'The API shape of a memory (shared/API.md), built once in SQL so that every caller gets the same JSON.';
revoke execute on function engram.memory_json(engram.memories) from public;
grant execute on function engram.memory_json(engram.memories) to engram_app, authenticated, engram_operator;

create function engram.audit(
  p_tenant uuid, p_subject text, p_memory uuid, p_actor text, p_action text, p_reason text,
  p_related uuid[] default '{}', p_details jsonb default '{}'
)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into engram.audit_events (tenant_id, subject, memory_id, related_ids, actor, action, reason, details)
  values (p_tenant, p_subject, p_memory, coalesce(p_related, '{}'), coalesce(p_actor, 'unknown'), p_action, p_reason,
          coalesce(p_details, '{}'))
$$;
comment on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) is 'Appends one audit event. Callers pass ids, counts and reasons, never memory content.';
revoke execute on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) from public;
grant execute on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) to engram_app, authenticated, engram_operator;

create function engram.current_actor()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(pg_catalog.current_setting('engram.actor', true), ''),
    case when current_user = 'authenticated' then 'jwt:' || coalesce(engram.jwt_subject(), '?') end,
    current_user::text)
$$;
comment on function engram.current_actor() is 'Who is acting, for the audit trail: engram.actor set by the server, or the JWT subject.';
revoke execute on function engram.current_actor() from public;
grant execute on function engram.current_actor() to engram_app, authenticated, engram_operator;

-- Writes one memory that the write gate has accepted. p_memory carries the API fields plus what the gate
-- computed (trust, content_hash, flags, expires_at, idempotency_key). Returns the stored memory and a status:
--   created    a new row; superseded lists the ids it replaced (same key, or same facet with the other polarity)
--   duplicate  the same content is already live for this subject, or the idempotency key was seen: that memory
-- Concurrent identical writes collide on a unique index and end as one row.
create function engram.write_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
returns table (memory jsonb, status text, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_subject text := p_memory ->> 'subject';
  v_hash text := p_memory ->> 'content_hash';
  v_key text := nullif(p_memory ->> 'key', '');
  v_facet text := nullif(p_memory ->> 'facet', '');
  v_polarity text := nullif(p_memory ->> 'polarity', '');
  v_idem text := nullif(p_memory ->> 'idempotency_key', '');
  v_trust smallint := coalesce((p_memory ->> 'trust')::smallint, 1);
  v_source_type text := coalesce(p_memory -> 'source' ->> 'type', 'app');
  v_id uuid := gen_random_uuid();
  v_row engram.memories;
  v_superseded uuid[] := '{}';
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if v_hash is null or v_subject is null then
    raise exception 'subject and content_hash are required' using errcode = '22023';
  end if;
  -- supabase-js callers skip the server's write gate: their trust is fixed here from the source, never above 2.
  if current_user = 'authenticated' then
    v_trust := case v_source_type when 'external' then 0 when 'model' then 1 else 2 end;
  end if;

  -- A retried request returns what the first one stored.
  if v_idem is not null then
    select * into v_row from engram.memories m where m.tenant_id = v_tenant and m.idempotency_key = v_idem;
    if found then
      return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
      return;
    end if;
  end if;

  -- Writers of the same key or facet queue here, so that each sees the version the previous one wrote.
  if v_key is not null or v_facet is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(
      v_tenant::text || '/' || v_subject || '/' || coalesce(v_key, '') || '/' || coalesce(v_facet, ''), 0));
  end if;

  select * into v_row from engram.memories m
   where m.tenant_id = v_tenant and m.subject = v_subject and m.content_hash = v_hash
     and m.revoked_at is null and m.superseded_by is null;
  if found then
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;

  -- Supersede first (the new id is known; the foreign key is checked at commit), then insert: the unique
  -- index on live keys never sees two live versions.
  with old as (
    update engram.memories m set superseded_by = v_id
     where m.tenant_id = v_tenant and m.subject = v_subject
       and m.revoked_at is null and m.superseded_by is null
       and ((v_key is not null and m.key = v_key)
         or (v_facet is not null and m.facet = v_facet and v_polarity in ('prefer', 'avoid')
             and m.polarity in ('prefer', 'avoid') and m.polarity <> v_polarity))
    returning m.id, m.created_at
  )
  select coalesce(pg_catalog.array_agg(old.id order by old.created_at desc), '{}') into v_superseded from old;

  insert into engram.memories as m (
    id, tenant_id, subject, kind, content, tags, language, ts_config, context_text, importance, confidence, trust,
    source_type, source_uri, source_id, source_session, source_hash, content_hash, idempotency_key,
    key, facet, polarity, trigger, metadata, flags, embedding_status, embedding_model,
    valid_from, expires_at, supersedes
  ) values (
    v_id, v_tenant, v_subject, p_memory ->> 'kind', p_memory ->> 'content',
    coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(p_memory -> 'tags') t), '{}'),
    coalesce(p_memory ->> 'language', 'en'), engram.ts_config_for(p_memory ->> 'language'),
    nullif(p_memory ->> 'context_text', ''),
    coalesce((p_memory ->> 'importance')::real, 0.5), coalesce((p_memory ->> 'confidence')::real, 1),
    v_trust, v_source_type, p_memory -> 'source' ->> 'uri', p_memory -> 'source' ->> 'id',
    p_memory -> 'source' ->> 'session', p_memory ->> 'source_hash', v_hash, v_idem,
    v_key, v_facet, v_polarity, nullif(p_memory ->> 'trigger', ''), coalesce(p_memory -> 'metadata', '{}'),
    coalesce((select pg_catalog.array_agg(f) from pg_catalog.jsonb_array_elements_text(p_memory -> 'flags') f), '{}'),
    case when p_embedding is null then 'pending' else 'ready' end,
    case when p_embedding is null then null else p_model end,
    (p_memory ->> 'valid_from')::timestamptz, (p_memory ->> 'expires_at')::timestamptz, v_superseded[1]
  )
  on conflict do nothing
  returning * into v_row;

  if not found then
    -- A concurrent writer stored the same content (or idempotency key) first: undo our supersession, return theirs.
    update engram.memories m set superseded_by = null where m.superseded_by = v_id;
    select * into v_row from engram.memories m
     where m.tenant_id = v_tenant
       and ((v_idem is not null and m.idempotency_key = v_idem)
         or (m.subject = v_subject and m.content_hash = v_hash and m.revoked_at is null and m.superseded_by is null))
     limit 1;
    return query select engram.memory_json(v_row), 'duplicate'::text, '{}'::uuid[];
    return;
  end if;

  if p_embedding is not null then
    insert into engram.memory_embeddings (memory_id, model, tenant_id, subject, embedding)
    values (v_id, p_model, v_tenant, v_subject, p_embedding::extensions.vector);
  end if;

  perform engram.audit(v_tenant, v_subject, v_id, engram.current_actor(), 'write', null, v_superseded,
    pg_catalog.jsonb_build_object('kind', v_row.kind, 'trust', v_row.trust, 'source_type', v_row.source_type));
  if pg_catalog.cardinality(v_superseded) > 0 then
    -- The vector index holds live memories only.
    delete from engram.memory_embeddings e where e.memory_id = any (v_superseded);
    perform engram.audit(v_tenant, v_subject, s, engram.current_actor(), 'supersede', null, array[v_id], '{}')
       from pg_catalog.unnest(v_superseded) s;
  end if;

  return query select engram.memory_json(v_row), 'created'::text, v_superseded;
end
$$;
comment on function engram.write_memory(jsonb, text, text) is 'Stores one gate-accepted memory (and its vector when given): dedupes by content and idempotency key, supersedes by key or opposite facet, audits. Status created or duplicate.';
revoke execute on function engram.write_memory(jsonb, text, text) from public;
grant execute on function engram.write_memory(jsonb, text, text) to engram_app, authenticated, engram_operator;

create function engram.get_memory(p_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive target as (
    select m.* from engram.memories m where m.id = p_id and m.tenant_id = engram.current_tenant_id()
  ),
  older (id, supersedes, depth) as (
    select t.id, t.supersedes, 0 from target t
    union all
    select m.id, m.supersedes, o.depth + 1
      from engram.memories m join older o on m.id = o.supersedes
     where o.depth < 50
  ),
  newer (id, superseded_by, depth) as (
    select t.id, t.superseded_by, 0 from target t
    union all
    select m.id, m.superseded_by, n.depth + 1
      from engram.memories m join newer n on m.id = n.superseded_by
     where n.depth < 50
  )
  select engram.memory_json(t) || pg_catalog.jsonb_build_object(
    'chain', pg_catalog.jsonb_build_object(
      'older', coalesce((select pg_catalog.jsonb_agg(o.id order by o.depth) from older o where o.depth > 0), '[]'),
      'newer', coalesce((select pg_catalog.jsonb_agg(n.id order by n.depth) from newer n where n.depth > 0), '[]')))
  from target t
$$;
comment on function engram.get_memory(uuid) is 'One memory by id with its supersession chain (older and newer versions); null when not visible to the caller.';
revoke execute on function engram.get_memory(uuid) from public;
grant execute on function engram.get_memory(uuid) to engram_app, authenticated, engram_operator;

create function engram.list_memories(
  p_subject text default null,
  p_kind text default null,
  p_tag text default null,
  p_source_uri text default null,
  p_include_revoked boolean default false,
  p_include_expired boolean default false,
  p_include_superseded boolean default false,
  p_limit integer default 50,
  p_cursor_created_at timestamptz default null,
  p_cursor_id uuid default null
)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m)
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id()
     and (p_subject is null or m.subject = p_subject)
     and (p_kind is null or m.kind = p_kind)
     and (p_tag is null or m.tags @> array[p_tag])
     and (p_source_uri is null or m.source_uri = p_source_uri)
     and (p_include_revoked or m.revoked_at is null)
     and (p_include_superseded or m.superseded_by is null)
     and (p_include_expired or m.expires_at is null or m.expires_at > pg_catalog.now())
     and (p_cursor_created_at is null or (m.created_at, m.id) < (p_cursor_created_at, p_cursor_id))
   order by m.created_at desc, m.id desc
   limit least(greatest(coalesce(p_limit, 50), 1), 200)
$$;
comment on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) is 'Memories newest first with keyset pagination (cursor = created_at and id of the last row); at most 200 a page.';
revoke execute on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) from public;
grant execute on function engram.list_memories(text, text, text, text, boolean, boolean, boolean, integer, timestamptz, uuid) to engram_app, authenticated, engram_operator;

create function engram.revoke_memory(p_id uuid, p_reason text default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
begin
  update engram.memories m
     set revoked_at = coalesce(m.revoked_at, pg_catalog.now()), revoked_reason = coalesce(m.revoked_reason, p_reason)
   where m.id = p_id and m.tenant_id = engram.current_tenant_id()
  returning * into v_row;
  if not found then
    return null;
  end if;
  -- The vector index holds live memories only.
  delete from engram.memory_embeddings e where e.memory_id = p_id;
  perform engram.audit(v_row.tenant_id, v_row.subject, p_id, engram.current_actor(), 'revoke', p_reason);
  return engram.memory_json(v_row);
end
$$;
comment on function engram.revoke_memory(uuid, text) is 'Soft-revokes a memory with a reason and drops its vectors; recall never returns it again. Null when not visible.';
revoke execute on function engram.revoke_memory(uuid, text) from public;
grant execute on function engram.revoke_memory(uuid, text) to engram_app, authenticated, engram_operator;

create function engram.store_embedding(p_memory_id uuid, p_model text, p_embedding text)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
  v_active text;
begin
  select * into v_row from engram.memories m where m.id = p_memory_id and m.revoked_at is null and m.superseded_by is null;
  if not found then
    return false;
  end if;
  insert into engram.memory_embeddings as e (memory_id, model, tenant_id, subject, embedding)
  values (p_memory_id, p_model, v_row.tenant_id, v_row.subject, p_embedding::extensions.vector)
  on conflict (memory_id, model) do update set embedding = excluded.embedding, created_at = pg_catalog.now();
  select em.model into v_active from engram.embedding_models em where em.status = 'active';
  if v_active is null or v_active = p_model then
    update engram.memories m set embedding_status = 'ready', embedding_model = p_model where m.id = p_memory_id;
  end if;
  return true;
end
$$;
comment on function engram.store_embedding(uuid, text, text) is 'Stores (or replaces) the vector of a live memory for one model; marks the memory ready when that model serves reads.';
revoke execute on function engram.store_embedding(uuid, text, text) from public;
grant execute on function engram.store_embedding(uuid, text, text) to engram_app, authenticated, engram_operator;

create function engram.mark_embedding_failed(p_memory_id uuid, p_max_attempts integer default 5)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  update engram.memories m
     set embedding_attempts = m.embedding_attempts + 1,
         embedding_status = case when m.embedding_attempts + 1 >= p_max_attempts then 'failed' else 'pending' end
   where m.id = p_memory_id
$$;
comment on function engram.mark_embedding_failed(uuid, integer) is 'Counts a failed embedding attempt; after p_max_attempts the memory is marked failed (still found lexically).';
revoke execute on function engram.mark_embedding_failed(uuid, integer) from public;
grant execute on function engram.mark_embedding_failed(uuid, integer) to engram_app, authenticated, engram_operator;

-- ==== supabase/schemas/40_admin_rpc.sql ====

-- engram schema: operator functions (tenants, API keys) and the embedding model registry (register a model, read the
-- active one). Tenant and key functions run as engram_operator (the servers switch to it for operator requests and
-- jobs). Listing models, their calibration and fusion weights, and model migrations: 70_embedding_jobs.sql.

create function engram.create_tenant(p_name text)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into engram.tenants (name) values (p_name) returning id
$$;
comment on function engram.create_tenant(text) is 'Creates a tenant and returns its id (operator only; a duplicate name is a unique violation).';
revoke execute on function engram.create_tenant(text) from public;
grant execute on function engram.create_tenant(text) to engram_operator;

create function engram.find_tenant(p_name text)
returns uuid
language sql
stable
security invoker
set search_path = ''
as $$ select t.id from engram.tenants t where t.name = p_name $$;
comment on function engram.find_tenant(text) is 'The id of the tenant with that name, or null.';
revoke execute on function engram.find_tenant(text) from public;
grant execute on function engram.find_tenant(text) to engram_operator;

create function engram.create_api_key(
  p_tenant uuid, p_key_id text, p_secret_hash text, p_scopes text[], p_name text default 'default'
)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into engram.api_keys (id, tenant_id, secret_hash, scopes, name)
  values (p_key_id, p_tenant, p_secret_hash, p_scopes, coalesce(p_name, 'default'))
$$;
comment on function engram.create_api_key(uuid, text, text, text[], text) is 'Stores a new API key: its public id and the SHA-256 of its secret (operator only).';
revoke execute on function engram.create_api_key(uuid, text, text, text[], text) from public;
grant execute on function engram.create_api_key(uuid, text, text, text[], text) to engram_operator;

create function engram.find_api_key(p_key_id text)
returns table (tenant_id uuid, secret_hash text, scopes text[], revoked boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select k.tenant_id, k.secret_hash, k.scopes, k.revoked_at is not null
    from engram.api_keys k where k.id = p_key_id
$$;
comment on function engram.find_api_key(text) is 'Looks up a key by its public id; the server compares the secret hash in constant time (operator only).';
revoke execute on function engram.find_api_key(text) from public;
grant execute on function engram.find_api_key(text) to engram_operator;

create function engram.revoke_api_key(p_key_id text)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with k as (update engram.api_keys set revoked_at = coalesce(revoked_at, pg_catalog.now()) where id = p_key_id returning 1)
  select exists (select 1 from k)
$$;
comment on function engram.revoke_api_key(text) is 'Revokes an API key (operator only).';
revoke execute on function engram.revoke_api_key(text) from public;
grant execute on function engram.revoke_api_key(text) to engram_operator;

-- Registers a model and creates its partial HNSW expression index. Needs the table owner (index creation):
-- `engram migrate` and the embedded server call it as the login role, not as a tenant role.
create function engram.register_embedding_model(
  p_model text, p_provider text, p_dims integer, p_threshold real default null, p_activate boolean default false
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_index text := 'memory_embeddings_hnsw_' || pg_catalog.substr(pg_catalog.md5(p_model), 1, 16);
  v_status text;
begin
  insert into engram.embedding_models (model, provider, dims, threshold, status)
  values (p_model, p_provider, p_dims, p_threshold, 'backfilling')
  on conflict (model) do nothing;
  if not exists (select 1 from engram.embedding_models where model = p_model and dims = p_dims) then
    raise exception 'model % is registered with other dimensions', p_model using errcode = '23514';
  end if;
  -- pgvector's HNSW indexes up to 2000 dimensions; larger vectors are searched exactly.
  if p_dims <= 2000 then
    execute pg_catalog.format(
      'create index if not exists %I on engram.memory_embeddings using hnsw ((embedding::extensions.vector(%s)) extensions.vector_cosine_ops) where model = %L',
      v_index, p_dims, p_model);
  end if;
  if p_activate and not exists (select 1 from engram.embedding_models where status = 'active') then
    update engram.embedding_models set status = 'active', activated_at = pg_catalog.now() where model = p_model;
  end if;
  select status into v_status from engram.embedding_models where model = p_model;
  return v_status;
end
$$;
comment on function engram.register_embedding_model(text, text, integer, real, boolean) is 'Registers an embedding model with its own partial HNSW index; activates it when asked and no model is active yet. Returns its status.';
-- Granted to no role: only the owner may create the index.
revoke execute on function engram.register_embedding_model(text, text, integer, real, boolean) from public;

create function engram.active_embedding_model()
returns table (model text, provider text, dims integer, threshold real, index_version integer, vector_weight real, rrf_k integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.threshold, em.index_version, em.vector_weight, em.rrf_k
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_embedding_model() is 'The model that serves reads, with its calibrated threshold and fusion weights.';
revoke execute on function engram.active_embedding_model() from public;
grant execute on function engram.active_embedding_model() to engram_app, authenticated, engram_operator;

-- ==== supabase/schemas/50_recall_rpc.sql ====

-- engram schema: hybrid recall. One RPC returns the fused candidates of a vector lane and a lexical lane; the server
-- (or a supabase-js caller) post-ranks them. The lexical query helpers, recall_candidates itself, search_lexical
-- (the lexical lane alone), the rules of a subject and the recall bookkeeping.

create function engram.or_tsquery(p_config regconfig, p_text text)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- OR semantics: question-style queries rarely contain every word of the memory.
  select nullif(pg_catalog.replace(pg_catalog.plainto_tsquery(p_config, p_text)::text, ' & ', ' | '), '')::tsquery
$$;
comment on function engram.or_tsquery(regconfig, text) is 'A full-text query matching any of the words of p_text (stop words dropped, stemmed by p_config).';
revoke execute on function engram.or_tsquery(regconfig, text) from public;
grant execute on function engram.or_tsquery(regconfig, text) to engram_app, authenticated, engram_operator;

create function engram.query_tsquery(p_text text, p_language text default null)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Rows are indexed with their own language's configuration, or simple: match either form of each word.
  select case
    when a is null then b
    when b is null then a
    else a || b
  end
  from (select engram.or_tsquery(engram.ts_config_for(coalesce(p_language, 'en')), p_text) as a,
               engram.or_tsquery('pg_catalog.simple'::regconfig, p_text) as b) q
$$;
comment on function engram.query_tsquery(text, text) is 'The lexical query of a recall: OR of the words, stemmed for the language and as is.';
revoke execute on function engram.query_tsquery(text, text) from public;
grant execute on function engram.query_tsquery(text, text) to engram_app, authenticated, engram_operator;

create function engram.query_terms(p_text text, p_language text default null)
returns setof tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The lexemes query_tsquery ORs together (the language's stemmed forms and the words as is), one tsquery each,
  -- quoted so that no lexeme is read as an operator.
  select distinct ('''' || pg_catalog.replace(pg_catalog.replace(w, '\', '\\'), '''', '''''') || '''')::tsquery
    from pg_catalog.unnest(pg_catalog.tsvector_to_array(
           pg_catalog.to_tsvector(engram.ts_config_for(coalesce(p_language, 'en')), coalesce(p_text, ''))
           || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, coalesce(p_text, '')))) w
$$;
comment on function engram.query_terms(text, text) is 'The terms of a recall query, one tsquery each (what idf is computed for).';
revoke execute on function engram.query_terms(text, text) from public;
grant execute on function engram.query_terms(text, text) to engram_app, authenticated, engram_operator;

-- Measured on PostgreSQL 15 + pgvector 0.8.0 (see the recall issue): for a subject under a few thousand vectors an
-- exact scan beats HNSW by an order of magnitude, so the vector lane chooses explicitly instead of trusting the
-- planner's estimate. The lexical lane is scored like BM25 (idf per query term), measured on the LoCoMo dev file
-- (the lane's comment below).
create function engram.recall_candidates(
  p_subject text,
  p_query text,
  p_embedding text default null,
  p_model text default null,
  p_mode text default 'hybrid',
  p_candidates integer default 40,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_language text default null,
  p_min_similarity real default null,
  p_vector_weight real default 1,
  p_lexical_weight real default 1,
  p_rrf_k integer default 60,
  p_exact_below integer default 5000
)
returns table (
  memory jsonb,
  vector_similarity real,
  vector_rank integer,
  lexical_score real,
  lexical_rank integer,
  rrf real,
  vector_path text
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_k integer := least(greatest(coalesce(p_candidates, 40), 1), 200);
  v_dims integer;
  v_subject_size integer := 0;
  v_path text := 'none';
  v_vector_lane text := 'select null::uuid as id, null::real as sim, null::integer as vrank where false';
  v_lexical_lane text := 'select null::uuid as id, null::real as lscore, null::integer as lrank where false';
  v_filter text;
begin
  if v_tenant is null then
    return;
  end if;
  if p_mode is null or p_mode not in ('hybrid', 'vector', 'lexical') then
    raise exception 'mode must be hybrid, vector or lexical' using errcode = '22023';
  end if;

  -- The filters every lane applies to the memory row `m`, as parameters so that the text stays constant.
  v_filter := '
        m.tenant_id = $1 and m.subject = $2
    and m.revoked_at is null and m.superseded_by is null
    and (m.expires_at is null or m.expires_at > pg_catalog.now())
    and (m.valid_from is null or m.valid_from <= pg_catalog.now())
    and ($3::text[] is null or m.kind = any ($3))
    and ($4::text[] is null or m.tags && $4)
    and ($5::text is null or m.source_session = $5)
    and ($6::integer is null or m.trust >= $6)
    and ($7::real is null or m.importance >= $7)
    and ($8::timestamptz is null or m.created_at >= $8)
    and ($9::timestamptz is null or m.created_at < $9)';

  if p_mode <> 'lexical' and p_embedding is not null and p_model is not null then
    select em.dims into v_dims from engram.embedding_models em where em.model = p_model;
    if v_dims is null then
      raise exception 'unknown embedding model' using errcode = '22023';
    end if;
    -- Bounded count: only whether the subject is small matters.
    select pg_catalog.count(*) into v_subject_size from (
      select 1 from engram.memory_embeddings e
       where e.tenant_id = v_tenant and e.subject = p_subject and e.model = p_model
       limit p_exact_below + 1) s;
    if v_subject_size <= p_exact_below or v_dims > 2000 then
      v_path := 'exact';
      -- No typmod cast: the expression does not match the HNSW index, so this is an exact ordered scan of the
      -- subject's rows (found through memory_embeddings_subject_idx).
      v_vector_lane := pg_catalog.format('
        select c.id, (1 - c.dist)::real as sim, (pg_catalog.row_number() over (order by c.dist, c.id))::integer as vrank
          from (select e.memory_id as id, e.embedding operator(extensions.<=>) $10::extensions.vector as dist
                  from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                 where e.tenant_id = $1 and e.subject = $2 and e.model = %L and %s
                 order by 2, 1
                 limit %s) c', p_model, v_filter, v_k);
    else
      v_path := 'hnsw';
      -- The model's partial HNSW index: the same cast and predicate. strict_order keeps scanning until enough
      -- rows pass the tenant and subject filters (without it a selective filter can return nothing).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      perform pg_catalog.set_config('hnsw.ef_search', greatest(v_k * 2, 64)::text, true);
      v_vector_lane := pg_catalog.format('
        select c.id, (1 - c.dist)::real as sim, (pg_catalog.row_number() over (order by c.dist, c.id))::integer as vrank
          from (select e.memory_id as id,
                       e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s) as dist
                  from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                 where e.model = %2$L and e.tenant_id = $1 and e.subject = $2 and %3$s
                 order by e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s)
                 limit %4$s) c', v_dims, p_model, v_filter, v_k);
    end if;
  end if;

  if p_mode <> 'vector' then
    -- OR full text scored like BM25: each query term weighs by its rarity in the subject (idf), so that a name
    -- said in half the conversation does not outrank the one rare word the question is about (ts_rank_cd has no
    -- idf). Document frequencies come from the matched rows themselves: every row holding a term matches the OR
    -- query, so df is exact unless the match bound cuts it. Context text (weight D) counts half as much as the
    -- memory's own words (A); ts_rank's normalisation 1 damps long rows. Measured on the LoCoMo dev file:
    -- docs/benchmarks/locomo-tuning.md.
    -- Bounded for latency: the newest 2,000 matching rows are scored, and the subject's size (N of idf) is counted
    -- up to 2,000 rows. A tighter bound was measured and rejected: scoring only the newest 500 matches cut LoCoMo's
    -- R@10 from 0.746 to 0.651, because speaker names in the neighbours' context make most turns match. Subjects
    -- under 2,000 rows are scored exactly.
    v_lexical_lane := pg_catalog.format('
      select r.id, r.score::real as lscore,
             (pg_catalog.row_number() over (order by r.score desc, r.id))::integer as lrank
        from (
          with q as (select engram.query_tsquery($11, $12) as tsq),
          matched as materialized (
            select m.id, m.search_tsv
              from engram.memories m, q
             where q.tsq is not null and m.search_tsv @@ q.tsq and %1$s
             order by m.created_at desc
             limit 2000),
          terms as (
            select t.tq, pg_catalog.count(*)::float8 as df
              from engram.query_terms($11, $12) t(tq) join matched mt on mt.search_tsv @@ t.tq
             group by t.tq),
          population as (
            select greatest(pg_catalog.count(*), (select pg_catalog.count(*) from matched))::float8 as n
              from (select 1 from engram.memories m
                     where m.tenant_id = $1 and m.subject = $2 and m.revoked_at is null and m.superseded_by is null
                     limit 2000) s)
          select mt.id,
                 pg_catalog.sum(pg_catalog.ln(1 + (p.n - t.df + 0.5) / (t.df + 0.5))
                                * pg_catalog.ts_rank(''{0.5, 0.2, 0.4, 1.0}''::real[], mt.search_tsv, t.tq, 1)) as score
            from matched mt join terms t on mt.search_tsv @@ t.tq cross join population p
           group by mt.id
           order by 2 desc, 1
           limit %2$s) r', v_filter, v_k);
  end if;

  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan).
  return query execute pg_catalog.format('
    with vec as (select * from (%s) v where $13::real is null or v.sim >= $13),
         lex as (%s),
         fused as (
           select coalesce(vec.id, lex.id) as id, vec.sim, vec.vrank, lex.lscore, lex.lrank,
                  (coalesce($14 / ($16 + vec.vrank), 0) + coalesce($15 / ($16 + lex.lrank), 0))::real as rrf
             from vec full join lex on lex.id = vec.id)
    select engram.memory_json(m), f.sim, f.vrank, f.lscore, f.lrank, f.rrf, %L::text
      from fused f join engram.memories m on m.id = f.id
     order by f.rrf desc, f.id', v_vector_lane, v_lexical_lane, v_path)
  using v_tenant, p_subject, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until,
        p_embedding, p_query, p_language, p_min_similarity, p_vector_weight::real, p_lexical_weight::real,
        coalesce(p_rrf_k, 60)::real;
end
$$;
comment on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) is 'Hybrid recall candidates of one subject: a vector lane (exact for small subjects, the model''s HNSW index otherwise; threshold after the ordered scan) and an OR full-text lane, fused by weighted reciprocal rank fusion.';
revoke execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) from public;
grant execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) to engram_app, authenticated, engram_operator;

-- The lexical lane of recall_candidates alone, so that the two never rank differently (volatile like
-- recall_candidates, which it calls).
create function engram.search_lexical(
  p_subject text,
  p_query text,
  p_limit integer default 20,
  p_language text default null
)
returns table (memory jsonb, lexical_score real, lexical_rank integer)
language sql
volatile
security invoker
set search_path = ''
as $$
  select c.memory, c.lexical_score, c.lexical_rank
    from engram.recall_candidates(p_subject => p_subject, p_query => p_query, p_mode => 'lexical',
                                  p_candidates => least(greatest(coalesce(p_limit, 20), 1), 200),
                                  p_language => p_language) c
   order by c.lexical_rank
$$;
comment on function engram.search_lexical(text, text, integer, text) is 'Full-text search in one subject with OR semantics, ranked as recall''s lexical lane (BM25-style idf); at most 200 rows.';
revoke execute on function engram.search_lexical(text, text, integer, text) from public;
grant execute on function engram.search_lexical(text, text, integer, text) to engram_app, authenticated, engram_operator;

create function engram.subject_rules(p_subject text, p_limit integer default 200)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m)
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id() and m.subject = p_subject and m.kind = 'rule'
     and m.revoked_at is null and m.superseded_by is null
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
   order by m.created_at desc
   limit least(greatest(coalesce(p_limit, 200), 1), 500)
$$;
comment on function engram.subject_rules(text, integer) is 'The live rules of a subject (matched against the query by trigger; no embedding needed).';
revoke execute on function engram.subject_rules(text, integer) from public;
grant execute on function engram.subject_rules(text, integer) to engram_app, authenticated, engram_operator;

create function engram.mark_recalled(p_ids uuid[])
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  update engram.memories m
     set last_recalled_at = pg_catalog.now(), recall_count = m.recall_count + 1
   where m.id = any (p_ids) and m.tenant_id = engram.current_tenant_id()
$$;
comment on function engram.mark_recalled(uuid[]) is 'Recall bookkeeping (last_recalled_at, recall_count), run after the answer is sent.';
revoke execute on function engram.mark_recalled(uuid[]) from public;
grant execute on function engram.mark_recalled(uuid[]) to engram_app, authenticated, engram_operator;

-- ==== supabase/schemas/60_forgetting.sql ====

-- engram schema: forgetting. Replace a memory (supersede it with a new version in one transaction), erase a subject
-- or a whole tenant (hard delete, audit trail redacted, one receipt), export a subject, read the audit trail, and
-- the TTL sweep that hard-deletes expired rows and purges old revoked ones in batches. The indexes these lean on
-- (supersession links, related ids, a tenant's trail) are in 10_tables.sql.

create function engram.audit_json(a engram.audit_events)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    -- bigint as a string: JSON numbers lose precision above 2^53 in JavaScript.
    'id', a.id::text,
    'at', engram.iso(a.created_at),
    'actor', a.actor,
    'action', a.action,
    'subject', a.subject,
    'memory_id', a.memory_id,
    'related_ids', pg_catalog.to_jsonb(a.related_ids),
    'reason', a.reason,
    'details', a.details,
    'redacted_at', engram.iso(a.redacted_at)
  )
$$;
comment on function engram.audit_json(engram.audit_events) is 'The API shape of an audit event (GET /v1/audit).';
revoke execute on function engram.audit_json(engram.audit_events) from public;
grant execute on function engram.audit_json(engram.audit_events) to engram_app, authenticated, engram_operator;

create function engram.ids_and_counts(p_details jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_object_agg(d.key, d.value), '{}'::jsonb)
    from pg_catalog.jsonb_each(case when pg_catalog.jsonb_typeof(p_details) = 'object' then p_details else '{}'::jsonb end) d
   where pg_catalog.jsonb_typeof(d.value) = 'number'
      or (pg_catalog.jsonb_typeof(d.value) = 'string'
          and (d.value #>> '{}') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
$$;
comment on function engram.ids_and_counts(jsonb) is 'What an erasure keeps of an audit event''s details: numbers and uuids only (never text that could quote content).';
revoke execute on function engram.ids_and_counts(jsonb) from public;
grant execute on function engram.ids_and_counts(jsonb) to engram_app, authenticated, engram_operator;

-- Replaces a live memory by a new version: the old one is superseded and both are linked (old.superseded_by,
-- new.supersedes), in the caller's transaction. The new version goes through write_memory, the same path as
-- remember: it is deduped against the rest of the subject, supersedes other live versions of its key or the
-- opposite facet, gets its vector and its 'write' audit event. p_memory is what the write gate accepted; the
-- subject is always the old memory's (a replacement cannot move a memory to another subject).
-- status: replaced | not_found | revoked | superseded | expired | duplicate (the content is already live in the
-- subject as another memory: memory is that one, and nothing changed).
create function engram.replace_memory(
  p_id uuid, p_memory jsonb, p_embedding text default null, p_model text default null, p_reason text default null
)
returns table (memory jsonb, status text, replaced jsonb, superseded uuid[])
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_old engram.memories;
  v_new jsonb;
  v_new_id uuid;
  v_status text;
  v_superseded uuid[];
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  -- The row lock makes concurrent replacements (and revocations) of one memory queue; the second sees the first's
  -- outcome and gets 'superseded'.
  select * into v_old from engram.memories m where m.id = p_id and m.tenant_id = v_tenant for update;
  if not found then
    return query select null::jsonb, 'not_found'::text, null::jsonb, '{}'::uuid[];
    return;
  end if;
  if v_old.revoked_at is not null or v_old.superseded_by is not null
     or (v_old.expires_at is not null and v_old.expires_at <= pg_catalog.now()) then
    return query select null::jsonb,
      case when v_old.revoked_at is not null then 'revoked'
           when v_old.superseded_by is not null then 'superseded'
           else 'expired' end,
      engram.memory_json(v_old), '{}'::uuid[];
    return;
  end if;

  -- Take the old version out of the live set while the new one is written (a self-link; the foreign key is
  -- deferred and the link is pointed at the new id below), so that write_memory neither returns it as a
  -- duplicate when the content is unchanged nor supersedes it a second time by key.
  update engram.memories m set superseded_by = m.id where m.id = p_id;
  select w.memory, w.status, w.superseded into v_new, v_status, v_superseded
    from engram.write_memory(p_memory || pg_catalog.jsonb_build_object('subject', v_old.subject), p_embedding, p_model) w;
  if v_status is distinct from 'created' then
    update engram.memories m set superseded_by = null where m.id = p_id;
    return query select v_new, 'duplicate'::text, engram.memory_json(v_old), '{}'::uuid[];
    return;
  end if;

  v_new_id := (v_new ->> 'id')::uuid;
  update engram.memories m set superseded_by = v_new_id where m.id = p_id returning * into v_old;
  update engram.memories m set supersedes = p_id where m.id = v_new_id returning engram.memory_json(m) into v_new;
  -- The vector index holds live memories only.
  delete from engram.memory_embeddings e where e.memory_id = p_id;
  perform engram.audit(v_tenant, v_old.subject, p_id, engram.current_actor(), 'replace', p_reason, array[v_new_id],
    '{}');
  return query select v_new, 'replaced'::text, engram.memory_json(v_old), coalesce(v_superseded, '{}');
end
$$;
comment on function engram.replace_memory(uuid, jsonb, text, text, text) is 'Supersedes a live memory with a gate-accepted new version (written by write_memory) and links both ways, atomically. Status replaced, not_found, revoked, superseded, expired or duplicate.';
-- supabase-js callers may replace, export and read their own subject's trail (RLS keeps them to it).
revoke execute on function engram.replace_memory(uuid, jsonb, text, text, text) from public;
grant execute on function engram.replace_memory(uuid, jsonb, text, text, text) to engram_app, authenticated;

-- Erases a subject of the caller's tenant: its memories and vectors are deleted; its audit events stay (what
-- happened, when, to which ids) but are redacted. The marker that replaces the subject is random, not a hash of
-- the name: a hash of a guessable name (alice, user-42) could be confirmed by anyone who hashes guesses.
-- One receipt event records who erased and the counts; it names the marker, never the subject.
create function engram.erase_subject(p_subject text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_marker text := 'erased:' || pg_catalog.left(pg_catalog.replace(gen_random_uuid()::text, '-', ''), 12);
  v_actor text := engram.current_actor();
  v_memories integer;
  v_embeddings integer;
  v_redacted integer;
  v_receipt bigint;
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if p_subject is null or p_subject = '' then
    raise exception 'subject is required' using errcode = '22023';
  end if;
  -- Erasures of one subject queue, so that each counts what it deleted. Writers are not blocked: a write that
  -- commits after this erasure is a new memory and survives it.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(v_tenant::text || '/erase/' || p_subject, 0));

  with e as (
    delete from engram.memory_embeddings e where e.tenant_id = v_tenant and e.subject = p_subject returning 1
  )
  select pg_catalog.count(*) into v_embeddings from e;
  with m as (
    delete from engram.memories m where m.tenant_id = v_tenant and m.subject = p_subject returning 1
  )
  select pg_catalog.count(*) into v_memories from m;

  -- An end user acting through a JWT is recorded as jwt:<subject>: that actor names the subject too. Such a
  -- caller only ever acts on its own subject (RLS for supabase-js, the service for the server), so its events are
  -- all among the subject's; matching on actor as well would turn this index lookup into a scan of the tenant.
  with a as (
    update engram.audit_events a
       set subject = v_marker,
           actor = case when a.actor = 'jwt:' || p_subject then 'jwt:' || v_marker else a.actor end,
           reason = null,
           details = engram.ids_and_counts(a.details),
           redacted_at = pg_catalog.now()
     where a.tenant_id = v_tenant and a.subject = p_subject and a.redacted_at is null
    returning 1
  )
  select pg_catalog.count(*) into v_redacted from a;

  insert into engram.audit_events (tenant_id, subject, actor, action, details)
  values (v_tenant, v_marker,
          case when v_actor = 'jwt:' || p_subject then 'jwt:' || v_marker else v_actor end,
          'erase_subject',
          pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                        'audit_events_redacted', v_redacted))
  returning id into v_receipt;

  return pg_catalog.jsonb_build_object(
    'erased', pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                            'audit_events_redacted', v_redacted),
    'receipt_id', v_receipt::text,
    'marker', v_marker);
end
$$;
comment on function engram.erase_subject(text) is 'Hard-deletes every memory and vector of one subject of the caller''s tenant, redacts its audit events (subject replaced by a random marker, reason cleared, details reduced to ids and counts) and appends a receipt. Returns counts, receipt id and marker.';
-- Erasure redacts audit events by rewriting their subject, which the authenticated policies (subject = sub) do not
-- allow: supabase-js callers erase through the server.
revoke execute on function engram.erase_subject(text) from public;
grant execute on function engram.erase_subject(text) to engram_app;

-- Erases a whole tenant (operator only): memories, vectors, audit trail, API keys and the tenant row. The audit
-- trigger allows deleting a tenant's events only while engram.erasing_tenant names it. The receipt stays, keyed by
-- the tenant's id (no name, no content), as the proof of erasure.
create function engram.erase_tenant(p_tenant uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_memories integer;
  v_embeddings integer;
  v_audit integer;
  v_keys integer;
  v_receipt bigint;
begin
  perform 1 from engram.tenants t where t.id = p_tenant for update;
  if not found then
    return null;
  end if;
  perform pg_catalog.set_config('engram.erasing_tenant', p_tenant::text, true);
  with e as (delete from engram.memory_embeddings e where e.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_embeddings from e;
  with m as (delete from engram.memories m where m.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_memories from m;
  with a as (delete from engram.audit_events a where a.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_audit from a;
  with k as (delete from engram.api_keys k where k.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_keys from k;
  delete from engram.tenants t where t.id = p_tenant;
  perform pg_catalog.set_config('engram.erasing_tenant', '', true);

  insert into engram.audit_events (tenant_id, actor, action, details)
  values (p_tenant, engram.current_actor(), 'erase_tenant',
          pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                        'audit_events', v_audit, 'api_keys', v_keys))
  returning id into v_receipt;
  return pg_catalog.jsonb_build_object(
    'erased', pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                            'audit_events', v_audit, 'api_keys', v_keys),
    'receipt_id', v_receipt::text);
end
$$;
comment on function engram.erase_tenant(uuid) is 'Deletes a tenant with all its memories, vectors, audit events and API keys (operator only) and appends a receipt. Null when there is no such tenant.';
revoke execute on function engram.erase_tenant(uuid) from public;
grant execute on function engram.erase_tenant(uuid) to engram_operator;

-- A subject's memories oldest first, every version (revoked and superseded too), for export. Expired rows are
-- left out: they are forgotten and only wait for the sweep. cursor_at carries created_at with microseconds, the
-- full value the keyset compares (it dates from when memory_json had milliseconds, too coarse for a cursor).
create function engram.export_subject(
  p_subject text, p_limit integer default 500, p_after_created_at timestamptz default null, p_after_id uuid default null
)
returns table (memory jsonb, cursor_at text)
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m), pg_catalog.to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id() and m.subject = p_subject
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
     and (p_after_created_at is null or (m.created_at, m.id) > (p_after_created_at, p_after_id))
   order by m.created_at, m.id
   limit least(greatest(coalesce(p_limit, 500), 1), 1000)
$$;
comment on function engram.export_subject(text, integer, timestamptz, uuid) is 'Every version of a subject''s memories (revoked and superseded included, expired excluded), oldest first, keyset-paged; at most 1000 a page.';
revoke execute on function engram.export_subject(text, integer, timestamptz, uuid) from public;
grant execute on function engram.export_subject(text, integer, timestamptz, uuid) to engram_app, authenticated;

-- The audit trail of the caller's tenant, oldest first (a trail reads forwards), keyset-paged by id. A memory id
-- matches the events about that memory and those that name it among their related ids. One static query per
-- filter combination: with `p_x is null or ...` the generic plan of a function cannot pick an index (measured on
-- 200,000 events: a walk of the primary key instead of two index lookups).
create function engram.list_audit(
  p_subject text default null, p_memory_id uuid default null, p_limit integer default 50, p_after_id bigint default null
)
returns setof jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_after bigint := coalesce(p_after_id, 0);
begin
  if p_memory_id is not null then
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.id in (select e.id from engram.audit_events e where e.tenant_id = v_tenant and e.memory_id = p_memory_id
                      union
                      select e.id from engram.audit_events e
                       where e.tenant_id = v_tenant and e.related_ids @> array[p_memory_id])
         and (p_subject is null or a.subject = p_subject) and a.id > v_after
       order by a.id limit v_limit;
  elsif p_subject is not null then
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.tenant_id = v_tenant and a.subject = p_subject and a.id > v_after
       order by a.id limit v_limit;
  else
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.tenant_id = v_tenant and a.id > v_after
       order by a.id limit v_limit;
  end if;
end
$$;
comment on function engram.list_audit(text, uuid, integer, bigint) is 'Audit events of the caller''s tenant, oldest first, filtered by subject and/or memory id (also as a related id); at most 200 a page.';
revoke execute on function engram.list_audit(text, uuid, integer, bigint) from public;
grant execute on function engram.list_audit(text, uuid, integer, bigint) to engram_app, authenticated;

-- One batch of the TTL sweep (operator only): hard-deletes up to p_batch memories that have expired or were
-- revoked more than p_revoked_retention_days ago, with their vectors, and appends one audit event per tenant
-- (counts and ids, no content). Rows another sweep has locked are skipped, not waited for, so several sweeps can
-- run at once. Deleting a memory nulls the links of its neighbours in the supersession chain (ON DELETE SET NULL):
-- those rows are locked first, skip-locked as well, and a candidate whose neighbour another transaction holds
-- waits for a later batch. Without that, two sweeps deleting the two ends of one chain would deadlock.
create function engram.sweep_expired(p_batch integer default 500, p_revoked_retention_days integer default 30)
returns table (expired integer, revoked_purged integer, embeddings integer, skipped integer)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_batch integer := least(greatest(coalesce(p_batch, 500), 1), 5000);
  v_cutoff timestamptz := pg_catalog.now()
    - pg_catalog.make_interval(days => greatest(coalesce(p_revoked_retention_days, 30), 0));
  v_candidates uuid[];
  v_more uuid[];
  v_neighbours uuid[];
  v_ids uuid[];
  v_embeddings jsonb;
  v_expired integer := 0;
  v_revoked integer := 0;
  v_embedding_count integer := 0;
begin
  select coalesce(pg_catalog.array_agg(c.id), '{}') into v_candidates from (
    select m.id from engram.memories m
     where m.expires_at <= pg_catalog.now()
     order by m.expires_at
     limit v_batch
       for update skip locked) c;
  if pg_catalog.cardinality(v_candidates) < v_batch then
    select coalesce(pg_catalog.array_agg(c.id), '{}') into v_more from (
      select m.id from engram.memories m
       where m.revoked_at <= v_cutoff and not (m.id = any (v_candidates))
       order by m.revoked_at
       limit v_batch - pg_catalog.cardinality(v_candidates)
         for update skip locked) c;
    v_candidates := v_candidates || v_more;
  end if;
  if pg_catalog.cardinality(v_candidates) = 0 then
    return query select 0, 0, 0, 0;
    return;
  end if;

  select coalesce(pg_catalog.array_agg(n.id), '{}') into v_neighbours from (
    select m.id from engram.memories m
     where (m.supersedes = any (v_candidates) or m.superseded_by = any (v_candidates))
       and not (m.id = any (v_candidates))
       for update skip locked) n;
  select coalesce(pg_catalog.array_agg(c), '{}') into v_ids
    from pg_catalog.unnest(v_candidates) c
   where not exists (
     select 1 from engram.memories m
      where (m.supersedes = c or m.superseded_by = c)
        and not (m.id = any (v_candidates)) and not (m.id = any (v_neighbours)));

  with e as (
    delete from engram.memory_embeddings e where e.memory_id = any (v_ids) returning e.tenant_id
  ), per_tenant as (
    select e.tenant_id, pg_catalog.count(*) as n from e group by e.tenant_id
  )
  select coalesce(pg_catalog.jsonb_object_agg(p.tenant_id::text, p.n), '{}'), coalesce(pg_catalog.sum(p.n), 0)
    into v_embeddings, v_embedding_count
    from per_tenant p;

  with d as (
    delete from engram.memories m where m.id = any (v_ids)
    returning m.id, m.tenant_id, (m.expires_at is not null and m.expires_at <= pg_catalog.now()) as was_expired
  ), per_tenant as (
    select d.tenant_id, pg_catalog.array_agg(d.id) as ids,
           (pg_catalog.count(*) filter (where d.was_expired))::integer as expired,
           (pg_catalog.count(*) filter (where not d.was_expired))::integer as revoked
      from d group by d.tenant_id
  ), logged as (
    insert into engram.audit_events (tenant_id, related_ids, actor, action, details)
    select p.tenant_id, p.ids, engram.current_actor(), 'sweep',
           pg_catalog.jsonb_build_object('expired', p.expired, 'revoked_purged', p.revoked,
             'embeddings', coalesce((v_embeddings ->> p.tenant_id::text)::integer, 0),
             'revoked_retention_days', greatest(coalesce(p_revoked_retention_days, 30), 0))
      from per_tenant p
    returning 1
  )
  select coalesce(pg_catalog.sum(p.expired), 0)::integer, coalesce(pg_catalog.sum(p.revoked), 0)::integer into v_expired, v_revoked
    from per_tenant p;

  return query select v_expired, v_revoked, v_embedding_count,
    pg_catalog.cardinality(v_candidates) - pg_catalog.cardinality(v_ids);
end
$$;
comment on function engram.sweep_expired(integer, integer) is 'One batch of the TTL sweep (operator only): hard-deletes expired memories and those revoked longer ago than the retention, with their vectors; skip-locked so sweeps can run concurrently; audits counts per tenant.';
revoke execute on function engram.sweep_expired(integer, integer) from public;
grant execute on function engram.sweep_expired(integer, integer) to engram_operator;

-- ==== supabase/schemas/70_embedding_jobs.sql ====

-- engram schema: embedding jobs. Backfill of pending vectors, model migration (fill the next model beside the active
-- one, switch reads in one transaction, drop the retired model's vectors in batches), calibration and fusion weights
-- per model, and the backlog count for metrics. Everything here is cross-tenant work for engram_operator (its
-- policies are `using (true)`); none of these functions returns a vector, and only the claim functions return
-- content (to the job that embeds it).

-- The functions with `set plan_cache_mode = force_custom_plan` are planned for their actual arguments: after five
-- calls PostgreSQL may otherwise switch to a generic plan that does not know the batch size or the model, and one
-- measured here (PGlite, 10,000 memories) joined a batch of 1000 ids by scanning every memory per id: 1 s became
-- 9 s a batch. (The vectors' (model, memory_id) index in 10_tables.sql is the other half of that fix.)

-- Claims lock memory rows FOR NO KEY UPDATE ... SKIP LOCKED: two jobs running at once never take the same row,
-- and (unlike FOR UPDATE) the lock does not block the key-share lock that a vector insert's foreign key takes.
-- The lock lasts until the job's transaction ends, i.e. while it embeds and stores the batch.

create function engram.claim_pending_embeddings(p_limit integer default 100)
returns table (id uuid, kind text, content text, tags text[], trigger text, attempts integer)
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  -- Oldest first, through memories_pending_idx; expired rows are never recalled, so never embedded.
  select m.id, m.kind, m.content, m.tags, m.trigger, m.embedding_attempts
    from engram.memories m
   where m.embedding_status = 'pending'
     and m.revoked_at is null and m.superseded_by is null
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
   order by m.created_at
   limit least(greatest(coalesce(p_limit, 100), 1), 1000)
     for no key update of m skip locked
$$;
comment on function engram.claim_pending_embeddings(integer) is 'Backfill: locks and returns up to p_limit live memories still waiting for a vector of the active model (rows another job holds are skipped).';
revoke execute on function engram.claim_pending_embeddings(integer) from public;
grant execute on function engram.claim_pending_embeddings(integer) to engram_operator;

create function engram.claim_missing_embeddings(p_model text, p_after uuid default null, p_limit integer default 100)
returns table (id uuid, kind text, content text, tags text[], trigger text)
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  -- Keyset by id: a job walks the table once per pass instead of rescanning covered rows for every batch.
  -- Memories marked failed are left out: they are found lexically, and one that no model can embed must not
  -- hold a migration back (`engram backfill --retry-failed` makes them pending again).
  select m.id, m.kind, m.content, m.tags, m.trigger
    from engram.memories m
   where (p_after is null or m.id > p_after)
     and m.revoked_at is null and m.superseded_by is null
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
     and m.embedding_status <> 'failed'
     and not exists (
       select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model)
   order by m.id
   limit least(greatest(coalesce(p_limit, 100), 1), 1000)
     for no key update of m skip locked
$$;
comment on function engram.claim_missing_embeddings(text, uuid, integer) is 'Model migration: locks and returns up to p_limit live memories (id after p_after) that have no vector for p_model yet.';
revoke execute on function engram.claim_missing_embeddings(text, uuid, integer) from public;
grant execute on function engram.claim_missing_embeddings(text, uuid, integer) to engram_operator;

create function engram.store_embeddings(p_model text, p_ids uuid[], p_embeddings text[])
returns integer
language plpgsql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_dims integer;
  v_status text;
  v_stored uuid[];
begin
  select em.dims, em.status into v_dims, v_status from engram.embedding_models em where em.model = p_model;
  if v_dims is null then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
  if v_status = 'retired' then
    raise exception 'embedding model is retired' using errcode = '22023';
  end if;
  if pg_catalog.cardinality(p_ids) is distinct from pg_catalog.cardinality(p_embeddings) then
    raise exception 'one vector per memory id is required' using errcode = '22023';
  end if;
  -- A vector of the wrong length is an error, never skipped: it would be invisible to the model's index.
  if exists (select 1 from pg_catalog.unnest(p_embeddings) v
              where extensions.vector_dims(v::extensions.vector) <> v_dims) then
    raise exception 'vector dimensions do not match the model' using errcode = '22000';
  end if;

  with input as (
    select distinct on (i.id) i.id, i.embedding
      from rows from (pg_catalog.unnest(p_ids), pg_catalog.unnest(p_embeddings)) as i (id, embedding)
     order by i.id
  ),
  stored as (
    insert into engram.memory_embeddings as e (memory_id, model, tenant_id, subject, embedding)
    select m.id, p_model, m.tenant_id, m.subject, i.embedding::extensions.vector
      from input i join engram.memories m on m.id = i.id
     -- The vector index holds live memories only (a memory revoked meanwhile keeps none).
     where m.revoked_at is null and m.superseded_by is null
    on conflict (memory_id, model) do update set embedding = excluded.embedding, created_at = pg_catalog.now()
    returning e.memory_id
  )
  select coalesce(pg_catalog.array_agg(s.memory_id), '{}') into v_stored from stored s;

  -- embedding_status describes the model that serves reads; a backfilling model's vectors leave it alone.
  if v_status = 'active' or not exists (select 1 from engram.embedding_models em where em.status = 'active') then
    update engram.memories m set embedding_status = 'ready', embedding_model = p_model
     where m.id = any (v_stored)
       and (m.embedding_status, m.embedding_model) is distinct from ('ready', p_model);
  end if;
  return pg_catalog.cardinality(v_stored);
end
$$;
comment on function engram.store_embeddings(text, uuid[], text[]) is 'Stores (or replaces) one batch of vectors of p_model for live memories; marks them ready when p_model serves reads. Returns how many were stored.';
revoke execute on function engram.store_embeddings(text, uuid[], text[]) from public;
grant execute on function engram.store_embeddings(text, uuid[], text[]) to engram_operator;

create function engram.mark_embeddings_failed(p_ids uuid[], p_max_attempts integer default 5)
returns integer
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  with counted as (
    update engram.memories m
       set embedding_attempts = m.embedding_attempts + 1,
           embedding_status = case when m.embedding_attempts + 1 >= p_max_attempts then 'failed' else 'pending' end
     where m.id = any (p_ids) and m.embedding_status = 'pending'
    returning m.embedding_status
  )
  select (pg_catalog.count(*) filter (where c.embedding_status = 'failed'))::integer from counted c
$$;
comment on function engram.mark_embeddings_failed(uuid[], integer) is 'Counts one failed attempt for each pending memory of a batch; after p_max_attempts a memory is failed (still found lexically). Returns how many became failed.';
revoke execute on function engram.mark_embeddings_failed(uuid[], integer) from public;
grant execute on function engram.mark_embeddings_failed(uuid[], integer) to engram_operator;

create function engram.retry_failed_embeddings()
returns integer
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  with retried as (
    update engram.memories m set embedding_status = 'pending', embedding_attempts = 0
     where m.embedding_status = 'failed' and m.revoked_at is null and m.superseded_by is null
    returning 1
  )
  select pg_catalog.count(*)::integer from retried
$$;
comment on function engram.retry_failed_embeddings() is 'Makes every live failed memory pending again with a fresh attempt count (after a provider outage was fixed).';
revoke execute on function engram.retry_failed_embeddings() from public;
grant execute on function engram.retry_failed_embeddings() to engram_operator;

create function engram.list_embedding_models()
returns table (
  model text, provider text, dims integer, status text, threshold real, threshold_precision real,
  threshold_recall real, calibrated_at text, calibration_plot text, activated_at text, retired_at text
)
language sql
stable
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.status, em.threshold, em.threshold_precision, em.threshold_recall,
         engram.iso(em.calibrated_at), em.calibration_plot, engram.iso(em.activated_at), engram.iso(em.retired_at)
    from engram.embedding_models em
   order by em.created_at, em.model
$$;
comment on function engram.list_embedding_models() is 'Every registered embedding model with its lifecycle status and calibration.';
revoke execute on function engram.list_embedding_models() from public;
grant execute on function engram.list_embedding_models() to engram_operator;

create function engram.begin_model_migration(p_model text)
returns text
language plpgsql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_status text;
begin
  -- A retired model may come back (its surviving vectors are still valid: memory content never changes).
  update engram.embedding_models em set status = 'backfilling', retired_at = null
   where em.model = p_model and em.status = 'retired';
  select em.status into v_status from engram.embedding_models em where em.model = p_model;
  if v_status is null then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
  return v_status;
end
$$;
comment on function engram.begin_model_migration(text) is 'Makes a registered model the target of a migration (a retired one becomes backfilling again); returns its status.';
revoke execute on function engram.begin_model_migration(text) from public;
grant execute on function engram.begin_model_migration(text) to engram_operator;

create function engram.embedding_coverage(p_model text)
returns table (live bigint, covered bigint, failed bigint, missing bigint)
language sql
stable
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  with c as (
    select exists (select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model) as has,
           m.embedding_status = 'failed' as failed
      from engram.memories m
     where m.revoked_at is null and m.superseded_by is null
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
  )
  select pg_catalog.count(*),
         pg_catalog.count(*) filter (where c.has),
         pg_catalog.count(*) filter (where not c.has and c.failed),
         pg_catalog.count(*) filter (where not c.has and not c.failed)
    from c
$$;
comment on function engram.embedding_coverage(text) is 'How many live memories have a vector for p_model (covered), lack one but are failed, or still miss one; complete when missing = 0.';
revoke execute on function engram.embedding_coverage(text) from public;
grant execute on function engram.embedding_coverage(text) to engram_operator;

create function engram.activate_embedding_model(p_model text, p_force boolean default false)
returns table (switched boolean, previous text, live bigint, covered bigint, failed bigint, missing bigint)
language plpgsql
volatile
security invoker
-- The switch waits at most this long for in-flight writes and batches; a later run tries again.
set lock_timeout = '5s'
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_status text;
  v_previous text;
  v_cov record;
begin
  -- One switch at a time.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('engram.activate_embedding_model', 0));
  select em.status into v_status from engram.embedding_models em where em.model = p_model for update;
  if v_status is null then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
  if v_status = 'active' then
    return query select false, null::text, c.live, c.covered, c.failed, c.missing
                   from engram.embedding_coverage(p_model) c;
    return;
  end if;

  -- EXCLUSIVE lets recalls (plain reads) go on but waits for every transaction that writes memories or holds
  -- claimed rows, and holds new ones until commit: the coverage below is exact, and no write can land between
  -- the check and the switch with only the old model's vector.
  lock table engram.memories in exclusive mode;
  select * into v_cov from engram.embedding_coverage(p_model);
  if v_cov.missing > 0 and not p_force then
    return query select false, null::text, v_cov.live, v_cov.covered, v_cov.failed, v_cov.missing;
    return;
  end if;

  -- Retire first: the unique index allows one active model per statement.
  update engram.embedding_models em set status = 'retired', retired_at = pg_catalog.now()
   where em.status = 'active'
  returning em.model into v_previous;
  update engram.embedding_models em set status = 'active', activated_at = pg_catalog.now(), retired_at = null
   where em.model = p_model;

  -- Pending memories the new model already covers need no backfill. The (many) ready ones are relabelled in
  -- batches when their old vectors are dropped, so the switch itself stays short.
  update engram.memories m set embedding_status = 'ready', embedding_model = p_model
   where m.embedding_status = 'pending'
     and exists (select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model);
  if v_cov.missing > 0 then
    -- A forced switch: what the new model lacks waits for the backfill (and is still found lexically).
    update engram.memories m set embedding_status = 'pending', embedding_model = null, embedding_attempts = 0
     where m.revoked_at is null and m.superseded_by is null and m.embedding_status = 'ready'
       and not exists (select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model);
  end if;
  return query select true, v_previous, v_cov.live, v_cov.covered, v_cov.failed, v_cov.missing;
end
$$;
comment on function engram.activate_embedding_model(text, boolean) is 'Switches reads to p_model in one transaction (the active model becomes retired) when every live memory that is not failed has its vector, or anyway when p_force; returns whether it switched and the coverage.';
revoke execute on function engram.activate_embedding_model(text, boolean) from public;
grant execute on function engram.activate_embedding_model(text, boolean) to engram_operator;

create function engram.drop_retired_embeddings(p_limit integer default 1000)
returns integer
language plpgsql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_active text;
  v_ids uuid[];
  v_dropped integer;
begin
  select em.model into v_active from engram.embedding_models em where em.status = 'active';
  with doomed as (
    select e.memory_id, e.model
      from engram.memory_embeddings e join engram.embedding_models em on em.model = e.model
     where em.status = 'retired'
     limit least(greatest(coalesce(p_limit, 1000), 1), 10000)
       for update of e skip locked
  ),
  gone as (
    delete from engram.memory_embeddings e using doomed d
     where e.memory_id = d.memory_id and e.model = d.model
    returning e.memory_id
  )
  select pg_catalog.array_agg(g.memory_id) into v_ids from gone g;
  v_dropped := coalesce(pg_catalog.cardinality(v_ids), 0);
  if v_dropped = 0 then
    return 0;
  end if;

  -- The memories whose old vectors went now describe the active model: ready when it has their vector, else
  -- pending so that the backfill embeds them.
  update engram.memories m set embedding_status = 'ready', embedding_model = v_active
   where m.id = any (v_ids) and v_active is not null
     and (m.embedding_status, m.embedding_model) is distinct from ('ready', v_active)
     and exists (select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = v_active);
  update engram.memories m set embedding_status = 'pending', embedding_model = null
   where m.id = any (v_ids) and m.embedding_status = 'ready'
     and m.embedding_model is distinct from v_active
     and m.revoked_at is null and m.superseded_by is null;
  return v_dropped;
end
$$;
comment on function engram.drop_retired_embeddings(integer) is 'Deletes up to p_limit vectors of retired models and relabels their memories for the active model. Returns how many were deleted (0 when none are left).';
revoke execute on function engram.drop_retired_embeddings(integer) from public;
grant execute on function engram.drop_retired_embeddings(integer) to engram_operator;

create function engram.set_model_threshold(
  p_model text, p_threshold real, p_precision real, p_recall real, p_plot text default null
)
returns void
language plpgsql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
begin
  update engram.embedding_models em
     set threshold = p_threshold, threshold_precision = p_precision, threshold_recall = p_recall,
         calibrated_at = pg_catalog.now(), calibration_plot = p_plot
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_threshold(text, real, real, real, text) is 'Stores a calibration of one model: the similarity threshold, its precision and recall on the labelled pairs, when, and the plot path.';
revoke execute on function engram.set_model_threshold(text, real, real, real, text) from public;
grant execute on function engram.set_model_threshold(text, real, real, real, text) to engram_operator;

-- Fusion weights are measured per model like the threshold (why: the columns of embedding_models in 10_tables.sql).
create function engram.set_model_fusion(
  p_model text, p_vector_weight real, p_rrf_k integer, p_only_unset boolean default false
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em
     set vector_weight = case when p_only_unset then coalesce(em.vector_weight, p_vector_weight) else p_vector_weight end,
         rrf_k = case when p_only_unset then coalesce(em.rrf_k, p_rrf_k) else p_rrf_k end
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_fusion(text, real, integer, boolean) is 'Stores the fusion weights of one model (vector lane weight, RRF k); with p_only_unset, fills only what is not set yet (shipped defaults never overwrite an operator''s choice).';
revoke execute on function engram.set_model_fusion(text, real, integer, boolean) from public;
grant execute on function engram.set_model_fusion(text, real, integer, boolean) to engram_operator;

-- The operator's cheap count of the embedding backlog, for metrics.
create function engram.embedding_backlog()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$ select pg_catalog.count(*) from engram.memories m where m.embedding_status = 'pending' $$;
comment on function engram.embedding_backlog() is 'How many memories wait for an embedding, across tenants (operator; served by the partial pending index).';
revoke execute on function engram.embedding_backlog() from public;
grant execute on function engram.embedding_backlog() to engram_operator;

-- ==== supabase/schemas/80_recall_events.sql ====

-- engram schema: recall events and feedback. Each recall records which memory ids it returned (ids only, never
-- content or the query); the app reports which of them it used. The retrieved-but-unused rate comes from these rows
-- (engram.recall_events, in 10_tables.sql).

create function engram.record_recall(p_recall_id uuid, p_subject text, p_returned uuid[])
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  insert into engram.recall_events (id, tenant_id, subject, returned_ids)
  values (p_recall_id, v_tenant, p_subject, coalesce(p_returned, '{}'))
  on conflict (id) do nothing;
end
$$;
comment on function engram.record_recall(uuid, text, uuid[]) is 'Records the memory ids one recall returned, under its recall_id (ids only). A repeated id is ignored.';
revoke execute on function engram.record_recall(uuid, text, uuid[]) from public;
grant execute on function engram.record_recall(uuid, text, uuid[]) to engram_app, authenticated;

-- Feedback keeps only ids the recall actually returned (reporting others cannot skew the rate), merges repeated
-- reports, and says whether this was the first one so that metrics count each recall once.
create function engram.record_feedback(p_recall_id uuid, p_used uuid[], p_subject text default null)
returns table (returned integer, used_before integer, used_after integer, ignored integer, first_feedback boolean)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_old engram.recall_events;
  v_new engram.recall_events;
begin
  select * into v_old from engram.recall_events r
   where r.id = p_recall_id and r.tenant_id = engram.current_tenant_id()
     and (p_subject is null or r.subject = p_subject)
   for update;
  if not found then
    return;
  end if;
  update engram.recall_events r
     set used_ids = (select coalesce(pg_catalog.array_agg(distinct u), '{}')
                       from pg_catalog.unnest(r.used_ids || coalesce(p_used, '{}')) u
                      where u = any (r.returned_ids)),
         feedback_at = coalesce(r.feedback_at, pg_catalog.now())
   where r.id = p_recall_id
  returning * into v_new;
  return query select pg_catalog.cardinality(v_old.returned_ids), pg_catalog.cardinality(v_old.used_ids),
                      pg_catalog.cardinality(v_new.used_ids),
                      (select pg_catalog.count(distinct u)::integer from pg_catalog.unnest(coalesce(p_used, '{}')) u
                        where not (u = any (v_old.returned_ids))),
                      v_old.feedback_at is null;
end
$$;
comment on function engram.record_feedback(uuid, uuid[], text) is 'Records which returned memories the app used for one recall of the caller''s tenant (and subject, when given); no row when the recall is not visible.';
revoke execute on function engram.record_feedback(uuid, uuid[], text) from public;
grant execute on function engram.record_feedback(uuid, uuid[], text) to engram_app, authenticated;

create function engram.erase_recall_events(p_subject text)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (
    delete from engram.recall_events r
     where r.tenant_id = engram.current_tenant_id() and r.subject = p_subject
    returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.erase_recall_events(text) is 'Deletes the recall events of one subject of the caller''s tenant (part of erasing a subject); returns how many.';
revoke execute on function engram.erase_recall_events(text) from public;
grant execute on function engram.erase_recall_events(text) to engram_app, authenticated;

create function engram.purge_recall_events(p_before timestamptz)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (delete from engram.recall_events r where r.created_at < p_before returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.purge_recall_events(timestamptz) is 'Deletes recall events older than p_before (operator; for the sweep job).';
revoke execute on function engram.purge_recall_events(timestamptz) from public;
grant execute on function engram.purge_recall_events(timestamptz) to engram_operator;
