-- lexical_window walks the subject's newest rows through an index in order and stops at its LIMIT, whatever the
-- plan cache does (issue 18: recall at 100k memories). Its statement is planned generically from its sixth call in
-- a session on, and the generic plan, which believes a subject holds one row, read the whole subject through a
-- bitmap and sorted it: on the 100k bench's largest subject 18,965 rows and 24 ms for the newest 2,500, most of a
-- 42 ms recall (auto_explain). Profiles taken in a new session saw the custom plan's ordered walk instead (5.4 ms),
-- which is why this hid behind them. The walk now follows memories_subject_idx (tenant, subject, created_at desc,
-- id desc) with bitmap scans and sorts ruled out for this one statement; ties of created_at (a batch's rows) are
-- taken by id descending instead of ascending.
create or replace function engram.lexical_window(
  p_subject text,
  p_tsq tsquery,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_limit integer default 2000,
  out ids uuid[],
  out search_tsvs tsvector[],
  out kinds text[],
  out walked integer,
  out complete boolean
)
returns record
language plpgsql
stable
security definer
set search_path = ''
-- The walk reads the subject's rows newest first through memories_subject_idx, in that index's order, and stops
-- at its LIMIT: no other plan is allowed. A generic plan (this statement's from its sixth call in a session on)
-- believes the subject holds one row, and read all of it through a bitmap then sorted it: 18,965 rows and 24 ms
-- for the newest 2,500 (auto_explain, the 100k bench's largest subject). With statistics from before a bulk load
-- the planner could also choose a scan of the whole table (issue 18 item 5).
set enable_seqscan = off
set enable_bitmapscan = off
set enable_sort = off
set enable_incremental_sort = off
as $$
#variable_conflict use_column
declare
  v_tenant uuid;
  v_limit integer := least(greatest(coalesce(p_limit, 2000), 1), 2000);
begin
  v_tenant := engram.lexical_caller_tenant(p_subject);
  if v_tenant is null or p_tsq is null then
    return;
  end if;
  -- Each row is tested once (`hit`), not once per aggregate. The aggregates take the rows in the walk's order
  -- (a plain aggregate over a sorted, limited subquery: one stream, never hashed or parallel); an ORDER BY in each
  -- of them sorted the window three times, the text-search vectors with it (0.9 ms of 2.5 at 419 rows).
  select pg_catalog.array_agg(w.id) filter (where w.hit),
         pg_catalog.array_agg(w.search_tsv) filter (where w.hit),
         pg_catalog.array_agg(w.kind) filter (where w.hit),
         pg_catalog.count(*)::integer
    into ids, search_tsvs, kinds, walked
    from (select m.id, m.search_tsv, m.kind, m.search_tsv @@ p_tsq as hit
            from engram.memories m
           where m.tenant_id = v_tenant and m.subject = p_subject
             and m.revoked_at is null and m.superseded_by is null
             and (m.expires_at is null or m.expires_at > pg_catalog.now())
             and (m.valid_from is null or m.valid_from <= pg_catalog.now())
             and (p_kinds is null or m.kind = any (p_kinds))
             and (p_tags is null or m.tags && p_tags)
             and (p_session is null or m.source_session = p_session)
             and (p_min_trust is null or m.trust >= p_min_trust)
             and (p_min_importance is null or m.importance >= p_min_importance)
             and (p_since is null or m.created_at >= p_since)
             and (p_until is null or m.created_at < p_until)
           -- memories_subject_idx's order: newest first, ties by id (a batch's rows share one created_at).
           order by m.created_at desc, m.id desc
           limit 2500) w;
  ids := ids[1:v_limit];
  search_tsvs := search_tsvs[1:v_limit];
  kinds := kinds[1:v_limit];
  complete := walked < 2500;
end
$$;
