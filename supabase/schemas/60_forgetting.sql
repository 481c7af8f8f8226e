-- engram schema: forgetting. Replace a memory (supersede it with a new version in one transaction), erase a subject
-- or a whole tenant (hard delete, audit trail redacted, one receipt), export a subject, read the audit trail, and
-- the TTL sweep that hard-deletes expired rows and purges old revoked ones in batches. The indexes these lean on
-- (supersession links, related ids, a tenant's trail) are in 10_tables.sql.

create function engram.audit_json(a engram.audit_events)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    -- bigint as a string: JSON numbers lose precision above 2^53 in JavaScript.
    'id', a.id::text,
    'at', engram.iso(a.created_at),
    'actor', a.actor,
    'action', a.action,
    'subject', a.subject,
    'memory_id', a.memory_id,
    'related_ids', pg_catalog.to_jsonb(a.related_ids),
    'reason', a.reason,
    'details', a.details,
    'redacted_at', engram.iso(a.redacted_at)
  )
$$;
comment on function engram.audit_json(engram.audit_events) is 'The API shape of an audit event (GET /v1/audit).';
revoke execute on function engram.audit_json(engram.audit_events) from public;
grant execute on function engram.audit_json(engram.audit_events) to engram_app, authenticated, engram_operator;

create function engram.ids_and_counts(p_details jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_object_agg(d.key, d.value), '{}'::jsonb)
    from pg_catalog.jsonb_each(case when pg_catalog.jsonb_typeof(p_details) = 'object' then p_details else '{}'::jsonb end) d
   where pg_catalog.jsonb_typeof(d.value) = 'number'
      or (pg_catalog.jsonb_typeof(d.value) = 'string'
          and (d.value #>> '{}') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
$$;
comment on function engram.ids_and_counts(jsonb) is 'What an erasure keeps of an audit event''s details: numbers and uuids only (never text that could quote content).';
revoke execute on function engram.ids_and_counts(jsonb) from public;
grant execute on function engram.ids_and_counts(jsonb) to engram_app, authenticated, engram_operator;

-- Replaces a live memory by a new version: the old one is superseded and both are linked (old.superseded_by,
-- new.supersedes), in the caller's transaction. The new version goes through write_memory, the same path as
-- remember: it is deduped against the rest of the subject, supersedes other live versions of its key or the
-- opposite facet, gets its vector and its 'write' audit event. It is never merged into another live memory
-- (no_merge): a replacement is an explicit write of this content, and a merge would keep the other memory's words
-- instead (it used to, then answered 'duplicate' with the merge applied and the old version still live).
-- p_memory is what the write gate accepted; the subject is always the old memory's (a replacement cannot move a
-- memory to another subject).
-- status: replaced | not_found | revoked | superseded | expired | duplicate (the content is already live in the
-- subject as another memory: memory is that one, and nothing changed).
create function engram.replace_memory(
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
-- supabase-js callers export and read their own subject's trail (RLS keeps them to it); they replace over HTTPS.
revoke execute on function engram.replace_memory(uuid, jsonb, text, text, text) from public;
grant execute on function engram.replace_memory(uuid, jsonb, text, text, text) to engram_app;

-- Erases a subject of the caller's tenant: its memories and vectors are deleted; its audit events stay (what
-- happened, when, to which ids) but are redacted. The marker that replaces the subject is random, not a hash of
-- the name: a hash of a guessable name (alice, user-42) could be confirmed by anyone who hashes guesses.
-- One receipt event records who erased and the counts; it names the marker, never the subject.
create function engram.erase_subject(p_subject text)
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
-- Erasure redacts audit events by rewriting their subject, which the authenticated policies (subject = sub) do not
-- allow: supabase-js callers erase through the server.
revoke execute on function engram.erase_subject(text) from public;
grant execute on function engram.erase_subject(text) to engram_app;

-- Erases a whole tenant (operator only): memories, vectors, audit trail, API keys and the tenant row. The audit
-- trigger allows deleting a tenant's events only while engram.erasing_tenant names it. The receipt stays, keyed by
-- the tenant's id (no name, no content), as the proof of erasure.
create function engram.erase_tenant(p_tenant uuid)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_memories integer;
  v_embeddings integer;
  v_audit integer;
  v_keys integer;
  v_receipt bigint;
begin
  perform 1 from engram.tenants t where t.id = p_tenant for update;
  if not found then
    return null;
  end if;
  perform pg_catalog.set_config('engram.erasing_tenant', p_tenant::text, true);
  with e as (delete from engram.memory_embeddings e where e.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_embeddings from e;
  with m as (delete from engram.memories m where m.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_memories from m;
  with a as (delete from engram.audit_events a where a.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_audit from a;
  with k as (delete from engram.api_keys k where k.tenant_id = p_tenant returning 1)
  select pg_catalog.count(*) into v_keys from k;
  delete from engram.tenants t where t.id = p_tenant;
  perform pg_catalog.set_config('engram.erasing_tenant', '', true);

  insert into engram.audit_events (tenant_id, actor, action, details)
  values (p_tenant, engram.current_actor(), 'erase_tenant',
          pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                        'audit_events', v_audit, 'api_keys', v_keys))
  returning id into v_receipt;
  return pg_catalog.jsonb_build_object(
    'erased', pg_catalog.jsonb_build_object('memories', v_memories, 'embeddings', v_embeddings,
                                            'audit_events', v_audit, 'api_keys', v_keys),
    'receipt_id', v_receipt::text);
end
$$;
comment on function engram.erase_tenant(uuid) is 'Deletes a tenant with all its memories, vectors, audit events and API keys (operator only) and appends a receipt. Null when there is no such tenant.';
revoke execute on function engram.erase_tenant(uuid) from public;
grant execute on function engram.erase_tenant(uuid) to engram_operator;

-- A subject's memories oldest first, every version (revoked and superseded too), for export. Expired rows are
-- left out: they are forgotten and only wait for the sweep. cursor_at carries created_at with microseconds, the
-- full value the keyset compares (it dates from when memory_json had milliseconds, too coarse for a cursor).
create function engram.export_subject(
  p_subject text, p_limit integer default 500, p_after_created_at timestamptz default null, p_after_id uuid default null
)
returns table (memory jsonb, cursor_at text)
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m), pg_catalog.to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id() and m.subject = p_subject
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
     and (p_after_created_at is null or (m.created_at, m.id) > (p_after_created_at, p_after_id))
   order by m.created_at, m.id
   limit least(greatest(coalesce(p_limit, 500), 1), 1000)
$$;
comment on function engram.export_subject(text, integer, timestamptz, uuid) is 'Every version of a subject''s memories (revoked and superseded included, expired excluded), oldest first, keyset-paged; at most 1000 a page.';
revoke execute on function engram.export_subject(text, integer, timestamptz, uuid) from public;
grant execute on function engram.export_subject(text, integer, timestamptz, uuid) to engram_app, authenticated;

-- The audit trail of the caller's tenant, oldest first (a trail reads forwards), keyset-paged by id. A memory id
-- matches the events about that memory and those that name it among their related ids. One static query per
-- filter combination: with `p_x is null or ...` the generic plan of a function cannot pick an index (measured on
-- 200,000 events: a walk of the primary key instead of two index lookups).
create function engram.list_audit(
  p_subject text default null, p_memory_id uuid default null, p_limit integer default 50, p_after_id bigint default null
)
returns setof jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_after bigint := coalesce(p_after_id, 0);
begin
  if p_memory_id is not null then
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.id in (select e.id from engram.audit_events e where e.tenant_id = v_tenant and e.memory_id = p_memory_id
                      union
                      select e.id from engram.audit_events e
                       where e.tenant_id = v_tenant and e.related_ids @> array[p_memory_id])
         and (p_subject is null or a.subject = p_subject) and a.id > v_after
       order by a.id limit v_limit;
  elsif p_subject is not null then
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.tenant_id = v_tenant and a.subject = p_subject and a.id > v_after
       order by a.id limit v_limit;
  else
    return query
      select engram.audit_json(a) from engram.audit_events a
       where a.tenant_id = v_tenant and a.id > v_after
       order by a.id limit v_limit;
  end if;
end
$$;
comment on function engram.list_audit(text, uuid, integer, bigint) is 'Audit events of the caller''s tenant, oldest first, filtered by subject and/or memory id (also as a related id); at most 200 a page.';
revoke execute on function engram.list_audit(text, uuid, integer, bigint) from public;
grant execute on function engram.list_audit(text, uuid, integer, bigint) to engram_app, authenticated;

-- One batch of the TTL sweep (operator only): hard-deletes up to p_batch memories that have expired or were
-- revoked more than p_revoked_retention_days ago, with their vectors, and appends one audit event per tenant
-- (counts and ids, no content). Rows another sweep has locked are skipped, not waited for, so several sweeps can
-- run at once. Deleting a memory nulls the links of its neighbours in the supersession chain (ON DELETE SET NULL):
-- those rows are locked first, skip-locked as well, and a candidate whose neighbour another transaction holds
-- waits for a later batch. Without that, two sweeps deleting the two ends of one chain would deadlock.
create function engram.sweep_expired(p_batch integer default 500, p_revoked_retention_days integer default 30)
returns table (expired integer, revoked_purged integer, embeddings integer, skipped integer)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_batch integer := least(greatest(coalesce(p_batch, 500), 1), 5000);
  v_cutoff timestamptz := pg_catalog.now()
    - pg_catalog.make_interval(days => greatest(coalesce(p_revoked_retention_days, 30), 0));
  v_candidates uuid[];
  v_more uuid[];
  v_neighbours uuid[];
  v_ids uuid[];
  v_embeddings jsonb;
  v_expired integer := 0;
  v_revoked integer := 0;
  v_embedding_count integer := 0;
begin
  select coalesce(pg_catalog.array_agg(c.id), '{}') into v_candidates from (
    select m.id from engram.memories m
     where m.expires_at <= pg_catalog.now()
     order by m.expires_at
     limit v_batch
       for update skip locked) c;
  if pg_catalog.cardinality(v_candidates) < v_batch then
    select coalesce(pg_catalog.array_agg(c.id), '{}') into v_more from (
      select m.id from engram.memories m
       where m.revoked_at <= v_cutoff and not (m.id = any (v_candidates))
       order by m.revoked_at
       limit v_batch - pg_catalog.cardinality(v_candidates)
         for update skip locked) c;
    v_candidates := v_candidates || v_more;
  end if;
  if pg_catalog.cardinality(v_candidates) = 0 then
    return query select 0, 0, 0, 0;
    return;
  end if;

  select coalesce(pg_catalog.array_agg(n.id), '{}') into v_neighbours from (
    select m.id from engram.memories m
     where (m.supersedes = any (v_candidates) or m.superseded_by = any (v_candidates))
       and not (m.id = any (v_candidates))
       for update skip locked) n;
  select coalesce(pg_catalog.array_agg(c), '{}') into v_ids
    from pg_catalog.unnest(v_candidates) c
   where not exists (
     select 1 from engram.memories m
      where (m.supersedes = c or m.superseded_by = c)
        and not (m.id = any (v_candidates)) and not (m.id = any (v_neighbours)));

  with e as (
    delete from engram.memory_embeddings e where e.memory_id = any (v_ids) returning e.tenant_id
  ), per_tenant as (
    select e.tenant_id, pg_catalog.count(*) as n from e group by e.tenant_id
  )
  select coalesce(pg_catalog.jsonb_object_agg(p.tenant_id::text, p.n), '{}'), coalesce(pg_catalog.sum(p.n), 0)
    into v_embeddings, v_embedding_count
    from per_tenant p;

  with d as (
    delete from engram.memories m where m.id = any (v_ids)
    returning m.id, m.tenant_id, (m.expires_at is not null and m.expires_at <= pg_catalog.now()) as was_expired
  ), per_tenant as (
    select d.tenant_id, pg_catalog.array_agg(d.id) as ids,
           (pg_catalog.count(*) filter (where d.was_expired))::integer as expired,
           (pg_catalog.count(*) filter (where not d.was_expired))::integer as revoked
      from d group by d.tenant_id
  ), logged as (
    insert into engram.audit_events (tenant_id, related_ids, actor, action, details)
    select p.tenant_id, p.ids, engram.current_actor(), 'sweep',
           pg_catalog.jsonb_build_object('expired', p.expired, 'revoked_purged', p.revoked,
             'embeddings', coalesce((v_embeddings ->> p.tenant_id::text)::integer, 0),
             'revoked_retention_days', greatest(coalesce(p_revoked_retention_days, 30), 0))
      from per_tenant p
    returning 1
  )
  select coalesce(pg_catalog.sum(p.expired), 0)::integer, coalesce(pg_catalog.sum(p.revoked), 0)::integer into v_expired, v_revoked
    from per_tenant p;

  return query select v_expired, v_revoked, v_embedding_count,
    pg_catalog.cardinality(v_candidates) - pg_catalog.cardinality(v_ids);
end
$$;
comment on function engram.sweep_expired(integer, integer) is 'One batch of the TTL sweep (operator only): hard-deletes expired memories and those revoked longer ago than the retention, with their vectors; skip-locked so sweeps can run concurrently; audits counts per tenant.';
revoke execute on function engram.sweep_expired(integer, integer) from public;
grant execute on function engram.sweep_expired(integer, integer) to engram_operator;
