-- engram: erasing a subject while it is recalled (issue 15, item 3). Recall bookkeeping (mark_recalled, then
-- record_recall) and erase_subject locked the subject's rows in different orders: 7 of 20 erasures raced by recalls
-- died in a deadlock, and bookkeeping that committed after an erasure left recall events naming the subject. Now
-- record_recall takes the subject's erase lock in shared mode first and records nothing once the memories are gone.

create or replace function engram.record_recall(p_recall_id uuid, p_subject text, p_returned uuid[])
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
  -- Erase wins: erase_subject holds this key exclusively, recall bookkeeping shares it and takes it first in its
  -- transaction (before mark_recalled locks any row), so the two queue instead of deadlocking (7 of 20 erasures
  -- raced by recalls failed with a deadlock). Bookkeeping that queued behind an erasure finds the memories gone and
  -- records nothing: no recall event names an erased subject.
  perform pg_catalog.pg_advisory_xact_lock_shared(pg_catalog.hashtextextended(
    v_tenant::text || '/erase/' || p_subject, 0));
  if not exists (
    select 1 from engram.memories m
     where m.tenant_id = v_tenant and m.subject = p_subject
       and (pg_catalog.cardinality(coalesce(p_returned, '{}')) = 0 or m.id = any (p_returned))
  ) then
    return;
  end if;
  insert into engram.recall_events (id, tenant_id, subject, returned_ids)
  values (p_recall_id, v_tenant, p_subject, coalesce(p_returned, '{}'))
  on conflict (id) do nothing;
end
$$;
comment on function engram.record_recall(uuid, text, uuid[]) is 'Records the memory ids one recall returned, under its recall_id (ids only), unless the subject was erased meanwhile. A repeated id is ignored. Call it first in the bookkeeping transaction (it takes the erase lock).';
revoke execute on function engram.record_recall(uuid, text, uuid[]) from public;
grant execute on function engram.record_recall(uuid, text, uuid[]) to engram_app, authenticated;
