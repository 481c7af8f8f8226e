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

create function engram.set_tenant_pii_policy(p_tenant uuid, p_policy jsonb)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with t as (
    update engram.tenants t set pii_policy = coalesce(p_policy, '{}') where t.id = p_tenant returning 1)
  select exists (select 1 from t)
$$;
comment on function engram.set_tenant_pii_policy(uuid, jsonb) is 'Sets a tenant''s PII policy (validated by the server); false when there is no such tenant.';
revoke execute on function engram.set_tenant_pii_policy(uuid, jsonb) from public;
grant execute on function engram.set_tenant_pii_policy(uuid, jsonb) to engram_operator;

create function engram.tenant_pii_policy()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select t.pii_policy from engram.tenants t where t.id = engram.current_tenant_id()), '{}'::jsonb)
$$;
comment on function engram.tenant_pii_policy() is 'The PII policy of the caller''s tenant, read by the write gate on every write path.';
revoke execute on function engram.tenant_pii_policy() from public;
grant execute on function engram.tenant_pii_policy() to engram_app;

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

-- Registers a model. It builds no global HNSW index any more: maintaining one was ~90% of the database's write
-- cost (SQL batch write 0.17 ms a memory without it, 1.6 ms with it, docs/benchmarks/write-cheap.md), while a
-- subject under recall_candidates' exact threshold needs no index and a larger one gets its own from the
-- vector_indexes job (subject_vector_index_ddl); until then it is searched exactly. An operator who wants the
-- global index calls set_global_vector_index (`engram vector-indexes --global on`). Kept to the table owner:
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
  v_status text;
begin
  insert into engram.embedding_models (model, provider, dims, threshold, status)
  values (p_model, p_provider, p_dims, p_threshold, 'backfilling')
  on conflict (model) do nothing;
  if not exists (select 1 from engram.embedding_models where model = p_model and dims = p_dims) then
    raise exception 'model % is registered with other dimensions', p_model using errcode = '23514';
  end if;
  if p_activate and not exists (select 1 from engram.embedding_models where status = 'active') then
    update engram.embedding_models set status = 'active', activated_at = pg_catalog.now() where model = p_model;
  end if;
  select status into v_status from engram.embedding_models where model = p_model;
  return v_status;
end
$$;
comment on function engram.register_embedding_model(text, text, integer, real, boolean) is 'Registers an embedding model (no global HNSW index: see set_global_vector_index); activates it when asked and no model is active yet. Returns its status.';
-- Granted to no role: only the owner registers models.
revoke execute on function engram.register_embedding_model(text, text, integer, real, boolean) from public;

-- Per-subject HNSW indexes (issue 18 item 2). The model's global HNSW index serves a subject's search through a
-- filtered iterative scan over every other subject's vectors (recall@10 0.934 at 100k, 0.837 at 1M in issue 18)
-- and is most of a write's cost; a subject under recall_candidates' exact threshold (5,000 vectors) needs no
-- index at all. So a job indexes each large subject on its own, with the same expression as the global index and
-- a predicate naming the model, tenant and subject (which recall_candidates' HNSW path repeats as literals, so the
-- planner proves the index applies). These are the statements for the subjects above p_min_rows that have none
-- yet; the caller runs each one outside a transaction (CONCURRENTLY: writes go on during the build).
-- The name of a subject's own HNSW index: what the job creates (subject_vector_index_ddl) and recall_candidates
-- looks up for the subject's size, in one place.
create function engram.subject_vector_index_name(p_model text, p_tenant uuid, p_subject text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 'memory_embeddings_hnsw_s_' || pg_catalog.substr(pg_catalog.md5(p_model || '/' || p_tenant::text || '/' || p_subject), 1, 24)
$$;
comment on function engram.subject_vector_index_name(text, uuid, text) is 'The name of the per-subject HNSW index of a model, tenant and subject.';
revoke execute on function engram.subject_vector_index_name(text, uuid, text) from public;
grant execute on function engram.subject_vector_index_name(text, uuid, text) to engram_app, authenticated, engram_operator;

create function engram.subject_vector_index_ddl(p_min_rows integer default 5000)
returns table (index_name text, model text, tenant_id uuid, subject text, vectors bigint, ddl text)
language sql
stable
security invoker
set search_path = ''
as $$
  select i.name, s.model, s.tenant_id, s.subject, s.n,
         pg_catalog.format(
           'create index concurrently if not exists %I on engram.memory_embeddings using hnsw '
           '((embedding::extensions.vector(%s)) extensions.vector_cosine_ops) '
           'where model = %L and tenant_id = %L and subject = %L',
           i.name, em.dims, s.model, s.tenant_id, s.subject)
    from (select e.model, e.tenant_id, e.subject, pg_catalog.count(*) as n
            from engram.memory_embeddings e
           group by e.model, e.tenant_id, e.subject
          having pg_catalog.count(*) > greatest(coalesce(p_min_rows, 5000), 0)) s
    join engram.embedding_models em on em.model = s.model and em.dims <= 2000 and em.status <> 'retired'
   cross join lateral (select engram.subject_vector_index_name(s.model, s.tenant_id, s.subject) as name) i
   where not exists (select 1 from pg_catalog.pg_class c
                      where c.relname = i.name and c.relnamespace = 'engram'::regnamespace)
   order by s.n desc
$$;
comment on function engram.subject_vector_index_ddl(integer) is 'The CREATE INDEX statements of the per-subject HNSW indexes still missing for subjects with more than p_min_rows vectors of a model, largest first.';
-- Granted to no role: only the owner (the tables' owner, who may create indexes) runs the job.
revoke execute on function engram.subject_vector_index_ddl(integer) from public;

-- The model's global HNSW index made optional: with per-subject indexes for the large subjects, a write into any
-- other subject touches no HNSW graph (the global index was ~90% of the database's write cost, issue 18). Off drops
-- it; on creates it again (as register_embedding_model does). Recall is correct either way: a large subject
-- without any index is searched by an ordered scan of its own vectors (exact, slower).
create function engram.set_global_vector_index(p_model text, p_enabled boolean)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_index text := 'memory_embeddings_hnsw_' || pg_catalog.substr(pg_catalog.md5(p_model), 1, 16);
  v_dims integer;
begin
  select em.dims into v_dims from engram.embedding_models em where em.model = p_model;
  if v_dims is null then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
  if not p_enabled then
    execute pg_catalog.format('drop index if exists engram.%I', v_index);
  elsif v_dims <= 2000 then
    execute pg_catalog.format(
      'create index if not exists %I on engram.memory_embeddings using hnsw ((embedding::extensions.vector(%s)) extensions.vector_cosine_ops) where model = %L',
      v_index, v_dims, p_model);
  end if;
  return exists (select 1 from pg_catalog.pg_class c
                  where c.relname = v_index and c.relnamespace = 'engram'::regnamespace);
end
$$;
comment on function engram.set_global_vector_index(text, boolean) is 'Drops (false) or creates (true) the global HNSW index of a model; returns whether it exists.';
-- Granted to no role: only the owner may create or drop the index.
revoke execute on function engram.set_global_vector_index(text, boolean) from public;

-- The relevance floor is read with the rest (one query when the recall service's model cache refreshes); added as
-- the last columns, so callers that read the others by name are unaffected.
create function engram.active_embedding_model()
returns table (
  model text, provider text, dims integer, threshold real, index_version integer, vector_weight real, rrf_k integer,
  floor_similarity real, floor_lexical real, floor_intent real
)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.threshold, em.index_version, em.vector_weight, em.rrf_k,
         em.floor_similarity, em.floor_lexical, em.floor_intent
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_embedding_model() is 'The model that serves reads, with its calibrated threshold, fusion weights and relevance floor.';
revoke execute on function engram.active_embedding_model() from public;
grant execute on function engram.active_embedding_model() to engram_app, authenticated, engram_operator;
