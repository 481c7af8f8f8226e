-- The extract job's claim becomes a lease: the job commits its claim before it calls the model (seconds per
-- conversation), so the row lock of claim_pending_extractions ended before the work did and a second job (an
-- overlapping cron, or `engram extract --pending` beside it) claimed and extracted the same turns again.

alter table engram.memories add column extraction_claimed_until timestamptz;

drop function engram.claim_pending_extractions(integer);

create function engram.claim_pending_extractions(p_limit integer default 200, p_lease_seconds integer default 600)
returns table (id uuid, tenant_id uuid, subject text, session text, content text, source_id text, metadata jsonb,
               attempts integer)
language sql
volatile
security invoker
set plan_cache_mode = force_custom_plan
set search_path = ''
as $$
  -- Oldest first, through memories_extraction_pending_idx. The claim is a lease, not only a row lock: the job
  -- commits it before it calls the model, so rows another job locks right now are skipped and so are rows another
  -- job leased and has not finished (a job that died leaves its lease to run out, then the turns are claimed again).
  with claimable as (
    select m.id
      from engram.memories m
     where m.extraction_status = 'pending'
       and (m.extraction_claimed_until is null or m.extraction_claimed_until <= pg_catalog.now())
       and m.revoked_at is null and m.superseded_by is null
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
     order by m.created_at, m.id
     limit least(greatest(coalesce(p_limit, 200), 1), 1000)
       for no key update of m skip locked
  ), claimed as (
    update engram.memories m
       set extraction_claimed_until = pg_catalog.now()
             + pg_catalog.make_interval(secs => least(greatest(coalesce(p_lease_seconds, 600), 1), 86400))
      from claimable c
     where m.id = c.id
    returning m.id, m.tenant_id, m.subject, m.source_session, m.content, m.source_id, m.metadata,
              m.extraction_attempts, m.created_at
  )
  select c.id, c.tenant_id, c.subject, c.source_session, c.content, c.source_id, c.metadata, c.extraction_attempts
    from claimed c
   order by c.created_at, c.id
$$;
comment on function engram.claim_pending_extractions(integer, integer) is 'Extract job: leases for p_lease_seconds (default 600) and returns up to p_limit live turns whose extraction is pending and not leased by another job (tenant, subject, session, the stored turn and its metadata).';
revoke execute on function engram.claim_pending_extractions(integer, integer) from public;
grant execute on function engram.claim_pending_extractions(integer, integer) to engram_operator;

create or replace function engram.finish_pending_extractions(p_done uuid[], p_failed uuid[], p_max_attempts integer default 5)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with done as (
    update engram.memories m set extraction_status = null, extraction_claimed_until = null
     where m.id = any (coalesce(p_done, '{}')) and m.extraction_status is not null
    returning m.id
  ), failed as (
    update engram.memories m
       set extraction_attempts = m.extraction_attempts + 1,
           extraction_claimed_until = null,
           extraction_status = case when m.extraction_attempts + 1 >= p_max_attempts then 'failed' else 'pending' end
     where m.id = any (coalesce(p_failed, '{}')) and m.extraction_status = 'pending'
    returning m.extraction_status
  )
  select (select pg_catalog.count(*) from failed f where f.extraction_status = 'failed')::integer
       + 0 * (select pg_catalog.count(*) from done)::integer
$$;
