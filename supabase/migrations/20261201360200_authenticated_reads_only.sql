-- engram: end users (role authenticated, supabase-js) read through the RPC functions and write over HTTPS (issue
-- 15, item 4). As authenticated, on its own subject, a user could insert a memory with trust 3 and a secret (no
-- gate), raise trust on existing rows, hard-delete rows with no audit event, insert a forged audit event and
-- rewrite actor and reason of its events; write_memory itself ran no gate for it. Now: no table writes and no
-- writing RPC for authenticated, and the audit trail is append-only for every role but erase_subject.

drop policy memories_insert_authenticated on engram.memories;
drop policy memories_update_authenticated on engram.memories;
drop policy memories_delete_authenticated on engram.memories;
drop policy memory_embeddings_insert_authenticated on engram.memory_embeddings;
drop policy memory_embeddings_update_authenticated on engram.memory_embeddings;
drop policy memory_embeddings_delete_authenticated on engram.memory_embeddings;
drop policy audit_events_insert_authenticated on engram.audit_events;
drop policy audit_events_update_authenticated on engram.audit_events;
drop policy recall_events_insert_authenticated on engram.recall_events;
drop policy recall_events_update_authenticated on engram.recall_events;
drop policy recall_events_delete_authenticated on engram.recall_events;

revoke insert, update, delete on engram.memories, engram.memory_embeddings, engram.audit_events, engram.recall_events
  from authenticated;
revoke usage on sequence engram.audit_events_id_seq from authenticated;

revoke execute on function engram.write_memory(jsonb, text, text) from authenticated;
revoke execute on function engram.revoke_memory(uuid, text) from authenticated;
revoke execute on function engram.store_embedding(uuid, text, text) from authenticated;
revoke execute on function engram.mark_embedding_failed(uuid, integer) from authenticated;
revoke execute on function engram.audit(uuid, text, uuid, text, text, text, uuid[], jsonb) from authenticated;
revoke execute on function engram.mark_recalled(uuid[]) from authenticated;
revoke execute on function engram.replace_memory(uuid, jsonb, text, text, text) from authenticated;
revoke execute on function engram.record_recall(uuid, text, uuid[]) from authenticated;
revoke execute on function engram.record_feedback(uuid, uuid[], text) from authenticated;
revoke execute on function engram.erase_recall_events(text) from authenticated;

create or replace function engram.audit_events_guard()
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

create or replace function engram.erase_subject(p_subject text)
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
  -- The audit guard lets rows of this subject be redacted while this names it (engram.audit_events_guard).
  perform pg_catalog.set_config('engram.erasing_subject', p_subject, true);
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
  perform pg_catalog.set_config('engram.erasing_subject', '', true);

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

-- Consolidation (20261201300000) writes too: role authenticated reaches it only through write_memory, which it may
-- no longer call.
revoke execute on function engram.consolidate_memory(jsonb, text, text) from authenticated;
revoke execute on function engram.merge_memory(uuid, jsonb, smallint) from authenticated;
