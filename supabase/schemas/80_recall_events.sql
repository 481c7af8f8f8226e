-- engram schema: recall events and feedback. Each recall records which memory ids it returned (ids only, never
-- content or the query); the app reports which of them it used. The retrieved-but-unused rate comes from these rows
-- (engram.recall_events, in 10_tables.sql).

create function engram.record_recall(p_recall_id uuid, p_subject text, p_returned uuid[])
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
grant execute on function engram.record_recall(uuid, text, uuid[]) to engram_app;

-- Several recalls' events in one statement: each subject's erase lock once, in subject order, then one insert.
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

-- Feedback keeps only ids the recall actually returned (reporting others cannot skew the rate), merges repeated
-- reports, and says whether this was the first one so that metrics count each recall once.
create function engram.record_feedback(p_recall_id uuid, p_used uuid[], p_subject text default null)
returns table (returned integer, used_before integer, used_after integer, ignored integer, first_feedback boolean)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_old engram.recall_events;
  v_new engram.recall_events;
begin
  select * into v_old from engram.recall_events r
   where r.id = p_recall_id and r.tenant_id = engram.current_tenant_id()
     and (p_subject is null or r.subject = p_subject)
   for update;
  if not found then
    return;
  end if;
  update engram.recall_events r
     set used_ids = (select coalesce(pg_catalog.array_agg(distinct u), '{}')
                       from pg_catalog.unnest(r.used_ids || coalesce(p_used, '{}')) u
                      where u = any (r.returned_ids)),
         feedback_at = coalesce(r.feedback_at, pg_catalog.now())
   where r.id = p_recall_id
  returning * into v_new;
  return query select pg_catalog.cardinality(v_old.returned_ids), pg_catalog.cardinality(v_old.used_ids),
                      pg_catalog.cardinality(v_new.used_ids),
                      (select pg_catalog.count(distinct u)::integer from pg_catalog.unnest(coalesce(p_used, '{}')) u
                        where not (u = any (v_old.returned_ids))),
                      v_old.feedback_at is null;
end
$$;
comment on function engram.record_feedback(uuid, uuid[], text) is 'Records which returned memories the app used for one recall of the caller''s tenant (and subject, when given); no row when the recall is not visible.';
revoke execute on function engram.record_feedback(uuid, uuid[], text) from public;
grant execute on function engram.record_feedback(uuid, uuid[], text) to engram_app;

create function engram.erase_recall_events(p_subject text)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (
    delete from engram.recall_events r
     where r.tenant_id = engram.current_tenant_id() and r.subject = p_subject
    returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.erase_recall_events(text) is 'Deletes the recall events of one subject of the caller''s tenant (part of erasing a subject); returns how many.';
revoke execute on function engram.erase_recall_events(text) from public;
grant execute on function engram.erase_recall_events(text) to engram_app;

create function engram.purge_recall_events(p_before timestamptz)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (delete from engram.recall_events r where r.created_at < p_before returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.purge_recall_events(timestamptz) is 'Deletes recall events older than p_before (operator; for the sweep job).';
revoke execute on function engram.purge_recall_events(timestamptz) from public;
grant execute on function engram.purge_recall_events(timestamptz) to engram_operator;
