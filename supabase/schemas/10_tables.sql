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
  created_at timestamptz not null default now(),
  -- What the write gate does with each class of personal identifier (PiiPolicySchema; absent classes take the
  -- defaults). Set by the operator (PUT /v1/admin/tenants/{id}/pii-policy), read on every write.
  pii_policy jsonb not null default '{}' check (pg_catalog.jsonb_typeof(pii_policy) = 'object')
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
  -- Fingerprint of the request that carried idempotency_key: a retry with the same key and another body is a
  -- conflict, not a silent duplicate.
  idempotency_hash text,
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
-- An idempotency key is scoped to its subject (a caller of another subject never meets it), and a revoked memory
-- releases it (a retry after a revoke stores the new write instead of returning the revoked one).
create unique index memories_idempotency_idx on engram.memories (tenant_id, subject, idempotency_key)
  where idempotency_key is not null and revoked_at is null;
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
  -- An update may only redact, and only inside erase_subject for that subject (it names it in
  -- engram.erasing_subject): set redacted_at once, keep what and when. Without that condition any role that could
  -- update rewrote actor and reason of its own events.
  if pg_catalog.current_setting('engram.erasing_subject', true) is distinct from old.subject
     or old.redacted_at is not null or new.redacted_at is null
     or new.action is distinct from old.action or new.created_at is distinct from old.created_at
     or new.memory_id is distinct from old.memory_id or new.tenant_id is distinct from old.tenant_id then
    raise exception 'audit events are append-only' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function engram.audit_events_guard() is 'Keeps audit_events append-only: updates may only redact during the erasure of their subject, deletes only during a tenant erasure.';
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
