-- engram schema: consolidation, the one decision every write goes through (direct writes, batches, memories
-- extracted from chat turns): is the new memory a duplicate of a live one, a near-duplicate to merge into it, or new
-- (superseding the value its slot held and every stance on its facet)? write_memory calls it after its locks and
-- applies the decision; the decision itself lives here so that other write paths (a set-based batch) can share it.

-- Decides what becomes of p_memory (write_memory's argument, content_hash computed) in the caller's tenant:
--   duplicate  target holds the same content, live
--   merge      target is the same memory in other words: its slot (single-valued) holds the same value in the
--              model's eyes (similarity >= the model's merge_threshold), or it takes the same stance (prefer/avoid)
--              on the same facet (case aside), or, for a model with a merge_threshold, it is at least that similar
--              and of the same kind without a conflicting slot or facet
--   create     a new memory; superseded lists what it replaces: the live value of its single-valued slot and every
--              live stance on its facet (an opposite one: a change of mind; a same one left after a slot change)
-- Episodes (conversation turns) are only ever deduplicated: each turn is its own record. A write with
-- "no_merge": true (a replacement: engram.replace_memory) is never merged: it is an explicit write of that content,
-- so it is a duplicate or new, and as new it supersedes what its slot and facet hold like any other.
create function engram.consolidate_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
returns table (decision text, target uuid, superseded uuid[])
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_subject text := p_memory ->> 'subject';
  v_kind text := p_memory ->> 'kind';
  v_key text := nullif(p_memory ->> 'key', '');
  v_facet text := pg_catalog.lower(nullif(p_memory ->> 'facet', ''));
  v_stance boolean := nullif(p_memory ->> 'facet', '') is not null
    and coalesce(p_memory ->> 'polarity', '') in ('prefer', 'avoid');
  v_single boolean := v_key is not null and not engram.is_multi_valued_key(v_key);
  v_may_merge boolean := coalesce(p_memory ->> 'no_merge', 'false') <> 'true';
  v_threshold real;
  v_vector extensions.vector;
  v_target uuid;
  v_slot uuid;
begin
  select m.id into v_target from engram.memories m
   where m.tenant_id = v_tenant and m.subject = v_subject and m.content_hash = p_memory ->> 'content_hash'
     and m.revoked_at is null and m.superseded_by is null;
  if found then
    return query select 'duplicate'::text, v_target, '{}'::uuid[];
    return;
  end if;

  if v_kind <> 'episode' and v_may_merge then
    if p_embedding is not null and p_model is not null then
      select em.merge_threshold into v_threshold from engram.embedding_models em where em.model = p_model;
      if v_threshold is not null then
        v_vector := p_embedding::extensions.vector;
      end if;
    end if;

    if v_single then
      select m.id into v_slot from engram.memories m
       where m.tenant_id = v_tenant and m.subject = v_subject and m.key = v_key
         and m.revoked_at is null and m.superseded_by is null;
      if v_slot is not null and v_threshold is not null and exists (
        select 1 from engram.memory_embeddings e
         where e.memory_id = v_slot and e.model = p_model
           and 1 - (e.embedding operator(extensions.<=>) v_vector) >= v_threshold) then
        return query select 'merge'::text, v_slot, '{}'::uuid[];
        return;
      end if;
    end if;

    if v_slot is null and v_stance then
      select m.id into v_target from engram.memories m
       where m.tenant_id = v_tenant and m.subject = v_subject
         and m.revoked_at is null and m.superseded_by is null
         and m.kind <> 'episode'
         and pg_catalog.lower(m.facet) = v_facet and m.polarity = p_memory ->> 'polarity'
         and (m.key is null or v_key is null or m.key = v_key)
       order by m.created_at desc
       limit 1;
      if found then
        return query select 'merge'::text, v_target, '{}'::uuid[];
        return;
      end if;
    end if;

    if v_slot is null and v_threshold is not null then
      select m.id into v_target
        from engram.memory_embeddings e
        join engram.memories m on m.id = e.memory_id
       where e.tenant_id = v_tenant and e.subject = v_subject and e.model = p_model
         and m.kind = v_kind and m.revoked_at is null and m.superseded_by is null
         and m.key is not distinct from v_key
         and (v_facet is null or m.facet is null or pg_catalog.lower(m.facet) = v_facet)
         and 1 - (e.embedding operator(extensions.<=>) v_vector) >= v_threshold
       order by e.embedding operator(extensions.<=>) v_vector
       limit 1;
      if found then
        return query select 'merge'::text, v_target, '{}'::uuid[];
        return;
      end if;
    end if;
  end if;

  return query
  select 'create'::text, null::uuid, coalesce((
    select pg_catalog.array_agg(m.id order by m.created_at desc)
      from engram.memories m
     where m.tenant_id = v_tenant and m.subject = v_subject
       and m.revoked_at is null and m.superseded_by is null
       and ((v_single and m.key = v_key)
         or (v_stance and pg_catalog.lower(m.facet) = v_facet and m.polarity in ('prefer', 'avoid')))), '{}');
end
$$;
comment on function engram.consolidate_memory(jsonb, text, text) is 'Consolidation decision for one write: duplicate, merge (near-duplicate: same slot value, same stance on a facet, or similarity above the model''s merge_threshold; never for a write marked no_merge, a replacement) or create with the ids it supersedes (slot value, stances on the facet).';
revoke execute on function engram.consolidate_memory(jsonb, text, text) from public;
grant execute on function engram.consolidate_memory(jsonb, text, text) to engram_app, engram_operator;

-- Merges p_memory into the live memory p_target: the target keeps its content, vector, recall statistics and
-- history; its confidence and importance become the higher of the two, its trust too (p_trust is what the gate, or
-- write_memory for supabase-js callers, assigned the new write); the new write's provenance (source, extraction:
-- source turns and episodes) is appended to metadata.merged, the 20 latest kept. Audited as `merge`.
create function engram.merge_memory(p_target uuid, p_memory jsonb, p_trust smallint)
returns engram.memories
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_row engram.memories;
  v_merged jsonb;
begin
  select coalesce(m.metadata -> 'merged', '[]'::jsonb) into v_merged from engram.memories m where m.id = p_target;
  v_merged := v_merged || pg_catalog.jsonb_build_array(pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
    'at', engram.iso(pg_catalog.now()),
    'kind', p_memory ->> 'kind',
    'source', p_memory -> 'source',
    'extraction', p_memory -> 'metadata' -> 'extraction')));
  if pg_catalog.jsonb_array_length(v_merged) > 20 then
    v_merged := v_merged - 0;
  end if;
  update engram.memories m
     set confidence = greatest(m.confidence, coalesce((p_memory ->> 'confidence')::real, 1)),
         importance = greatest(m.importance, coalesce((p_memory ->> 'importance')::real, 0.5)),
         trust = greatest(m.trust, p_trust),
         metadata = m.metadata || pg_catalog.jsonb_build_object('merged', v_merged)
   where m.id = p_target
  returning * into v_row;
  perform engram.audit(v_row.tenant_id, v_row.subject, p_target, engram.current_actor(), 'merge', null, '{}',
    pg_catalog.jsonb_build_object('kind', p_memory ->> 'kind', 'trust', p_trust,
      'source_type', coalesce(p_memory -> 'source' ->> 'type', 'app')));
  return v_row;
end
$$;
comment on function engram.merge_memory(uuid, jsonb, smallint) is 'Merges a near-duplicate write into a live memory: keeps its content and statistics, raises confidence, importance and trust to the higher value, appends the provenance to metadata.merged, audits.';
revoke execute on function engram.merge_memory(uuid, jsonb, smallint) from public;
grant execute on function engram.merge_memory(uuid, jsonb, smallint) to engram_app, engram_operator;
