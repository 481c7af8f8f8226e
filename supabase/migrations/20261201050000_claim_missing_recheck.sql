-- engram: model migration claims recheck coverage after locking (two concurrent re-embed runs embedded some
-- memories twice: a row locked the moment another job committed its vector passed the first statement's check).

create or replace function engram.claim_missing_embeddings(p_model text, p_after uuid default null, p_limit integer default 100)
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
