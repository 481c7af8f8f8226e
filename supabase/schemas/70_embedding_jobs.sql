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
language plpgsql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
declare
  v_locked uuid[];
begin
  -- Keyset by id: a job walks the table once per pass instead of rescanning covered rows for every batch.
  -- Memories marked failed are left out: they are found lexically, and one that no model can embed must not
  -- hold a migration back (`engram backfill --retry-failed` makes them pending again).
  select pg_catalog.array_agg(c.id order by c.id) into v_locked from (
    select m.id
      from engram.memories m
     where (p_after is null or m.id > p_after)
       and m.revoked_at is null and m.superseded_by is null
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
       and m.embedding_status <> 'failed'
       and not exists (
         select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model)
     order by m.id
     limit least(greatest(coalesce(p_limit, 100), 1), 1000)
       for no key update of m skip locked) c;
  -- Checked again in a second statement (a new snapshot under READ COMMITTED): a row another job had locked and
  -- embedded can be locked here the moment that job commits, and since the job writes memory_embeddings, not the
  -- memory row, the lock's recheck does not see the new vector. Without this, two concurrent runs embedded
  -- 106 vectors for 102 memories in one CI run (test/services/reembed.test.ts).
  return query
    select m.id, m.kind, m.content, m.tags, m.trigger
      from engram.memories m
     where m.id = any (v_locked)
       and not exists (
         select 1 from engram.memory_embeddings e where e.memory_id = m.id and e.model = p_model)
     order by m.id;
end;
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

-- The relevance floor is measured per model like the threshold (why: the columns of embedding_models in
-- 10_tables.sql); recall reads it through active_embedding_model().
create function engram.set_model_floor(
  p_model text, p_similarity real, p_lexical real, p_only_unset boolean default false, p_intent real default null
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em
     set floor_similarity = case when p_only_unset then coalesce(em.floor_similarity, p_similarity)
                                 else coalesce(p_similarity, em.floor_similarity) end,
         floor_lexical = case when p_only_unset then coalesce(em.floor_lexical, p_lexical)
                              else coalesce(p_lexical, em.floor_lexical) end,
         floor_intent = case when p_only_unset then coalesce(em.floor_intent, p_intent)
                             else coalesce(p_intent, em.floor_intent) end
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_floor(text, real, real, boolean, real) is 'Stores the relevance floor of one model (the similarity and the lexical score that count as good evidence, and the query-level memory-seeking margin); a null part keeps the stored one; with p_only_unset, fills only what is not set yet.';
revoke execute on function engram.set_model_floor(text, real, real, boolean, real) from public;
grant execute on function engram.set_model_floor(text, real, real, boolean, real) to engram_operator;

-- The merge threshold is measured per model like the threshold (`engram calibrate --merge-pairs`, why: the columns
-- of embedding_models in 10_tables.sql); engram.consolidate_memory reads it. Unlike the floor, null is a value here
-- and is stored: a calibration that finds no safe threshold clears the one an earlier calibration left.
create function engram.set_model_merge_threshold(p_model text, p_threshold real)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em set merge_threshold = p_threshold where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_merge_threshold(text, real) is 'Stores the merge threshold of one model (the similarity from which consolidation merges a write into a live memory of the same kind); null clears it (merge by slot and facet only).';
revoke execute on function engram.set_model_merge_threshold(text, real) from public;
grant execute on function engram.set_model_merge_threshold(text, real) to engram_operator;

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
