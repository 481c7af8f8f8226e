-- A replacement is an explicit write: it supersedes the old memory with the content asked for and is never merged
-- into a third live memory. Before, consolidation could merge the new content into a near-duplicate (a same stance on
-- the facet, or similarity above the model's merge_threshold), and replace_memory then answered 'duplicate' (409)
-- with the merge already applied and the old version still live. replace_memory marks its write no_merge and
-- consolidate_memory honours the mark; the signatures and grants are unchanged.
create or replace function engram.consolidate_memory(p_memory jsonb, p_embedding text default null, p_model text default null)
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

create or replace function engram.replace_memory(
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
    from engram.write_memory(p_memory || pg_catalog.jsonb_build_object('subject', v_old.subject, 'no_merge', true),
                             p_embedding, p_model) w;
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
comment on function engram.replace_memory(uuid, jsonb, text, text, text) is 'Supersedes a live memory with a gate-accepted new version (written by write_memory, never merged into another memory) and links both ways, atomically. Status replaced, not_found, revoked, superseded, expired or duplicate.';
