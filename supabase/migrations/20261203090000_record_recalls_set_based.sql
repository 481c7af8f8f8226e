-- A batch of recall events in one statement (issue 18 item 4: bookkeeping off the hot path, and cheap). The server
-- batched its bookkeeping into one statement, but that statement called record_recall once per recall: a PL/pgSQL
-- call, an erase lock, an existence check and an insert each. record_recalls takes each subject's erase lock once,
-- in subject order, then inserts every event the subjects still hold in one INSERT ... SELECT. Same rules as
-- record_recall: erase wins (bookkeeping that queued behind an erasure records nothing), a repeated id is ignored.
create function engram.record_recalls(p_ids uuid[], p_subjects text[], p_returned text[])
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_count integer;
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  if pg_catalog.cardinality(p_ids) is distinct from pg_catalog.cardinality(p_subjects)
     or pg_catalog.cardinality(p_ids) is distinct from pg_catalog.cardinality(p_returned) then
    raise exception 'ids, subjects and returned must have the same length' using errcode = '22023';
  end if;
  -- One shared erase lock per subject, in one order, before any row is read (see record_recall).
  perform pg_catalog.pg_advisory_xact_lock_shared(pg_catalog.hashtextextended(v_tenant::text || '/erase/' || s.subject, 0))
     from (select distinct u.subject from pg_catalog.unnest(p_subjects) u(subject) order by 1) s;
  -- The returned ids are cast to uuid[] before the tests (OFFSET 0 keeps the cast in the subquery): a cast is not
  -- leakproof, so under row-level security a test that cast inside read the subject's rows through its index and
  -- filtered them by id (about 200 rows a recall) instead of reading the ids by primary key.
  insert into engram.recall_events (id, tenant_id, subject, returned_ids)
  select r.id, v_tenant, r.subject, r.returned
    from (select u.id, u.subject, coalesce(u.returned::uuid[], '{}') as returned
            from rows from (pg_catalog.unnest(p_ids), pg_catalog.unnest(p_subjects), pg_catalog.unnest(p_returned))
                 u(id, subject, returned)
          offset 0) r
   -- Two tests, so that each reads an index: the returned ids by primary key, or (nothing returned) any row of
   -- the subject.
   where exists (
           select 1 from engram.memories m
            where m.id = any (r.returned) and m.tenant_id = v_tenant and m.subject = r.subject)
      or (pg_catalog.cardinality(r.returned) = 0
          and exists (select 1 from engram.memories m where m.tenant_id = v_tenant and m.subject = r.subject))
  on conflict (id) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function engram.record_recalls(uuid[], text[], text[]) is 'Records the memory ids of several recalls at once (ids only; each returned list as a uuid array literal), unless a subject was erased meanwhile; the number of events written. Call it first in the bookkeeping transaction (it takes the erase locks).';
revoke execute on function engram.record_recalls(uuid[], text[], text[]) from public;
grant execute on function engram.record_recalls(uuid[], text[], text[]) to engram_app;
