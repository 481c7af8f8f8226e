-- engram: tables and indexes. Tenant isolation is enforced by row-level security (next migration), not by the
-- application; every tenant table carries tenant_id so that policies need no join.

-- Helpers used by generated columns must be immutable.
create function engram.tags_text(p_tags text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select coalesce(pg_catalog.array_to_string(p_tags, ' '), '') $$;
comment on function engram.tags_text(text[]) is 'Tags as one space-separated string, for the full-text index (array_to_string itself is only stable).';

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
  retired_at timestamptz
);
-- At most one model serves reads at a time; a migration backfills the next one beside it.
create unique index embedding_models_one_active_idx on engram.embedding_models ((true)) where status = 'active';
comment on table engram.embedding_models is 'Registered embedding models: dimensions, lifecycle (active, backfilling, retired) and the calibrated similarity threshold.';

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
);
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
-- The planner otherwise treats tenant and subject as independent and overestimates a subject's rows.
create statistics if not exists engram.memories_tenant_subject_stats (dependencies, ndistinct)
  on tenant_id, subject from engram.memories;

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
create index memory_embeddings_model_idx on engram.memory_embeddings (model);
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
create trigger audit_events_append_only before update or delete on engram.audit_events
  for each row execute function engram.audit_events_guard();

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
create trigger memories_touch before update on engram.memories
  for each row execute function engram.touch_updated_at();
