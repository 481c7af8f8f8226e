-- The lexical lane's match walks the newest 2,500 rows of the subject first and keeps them when they hold enough
-- matches (or are the whole subject); only a subject whose matches are sparse reads them from the GIN index. On a
-- 20,020-row subject where every row matches (a speaker's name), the GIN alone was 2x slower than main's date-order
-- walk; where 10% match, 1.45x faster (docs/benchmarks/recall-sql.md). Same rows either way: the newest matches.

create or replace function engram.lexical_matches(
  p_subject text,
  p_tsq tsquery,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_limit integer default 2000
)
returns table (id uuid, search_tsv tsvector)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_role text := coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text);
  v_tenant uuid;
  v_limit integer := least(greatest(coalesce(p_limit, 2000), 1), 2000);
  v_walked integer;
  v_ids uuid[];
  v_tsvs tsvector[];
begin
  if v_role = 'authenticated' then
    v_tenant := engram.jwt_tenant_id();
    if p_subject is distinct from engram.jwt_subject() then
      return;
    end if;
  elsif v_role = 'engram_app' or pg_catalog.pg_has_role(v_role, 'engram_operator', 'member') then
    v_tenant := engram.app_tenant_id();
  else
    return;
  end if;
  if v_tenant is null or p_tsq is null then
    return;
  end if;
  -- Two ways to the newest matches, chosen by what the rows say rather than by statistics. Measured on a 20,020-row
  -- subject (docs/benchmarks/recall-sql.md): when most rows match (a speaker's name in every LoCoMo turn), walking
  -- the newest rows in date order reaches 2,000 matches soonest and the GIN took twice as long (every match is
  -- read and sorted); when few match, the GIN was 1.45x faster than the walk. So the newest 2,500 rows are walked
  -- first: if they hold v_limit matches, or are the whole subject, those are the answer (the newest matches, as
  -- the GIN would give); otherwise the matches come from the GIN.
  select pg_catalog.count(*)::integer,
         pg_catalog.array_agg(w.id order by w.created_at desc, w.id) filter (where w.search_tsv @@ p_tsq),
         pg_catalog.array_agg(w.search_tsv order by w.created_at desc, w.id) filter (where w.search_tsv @@ p_tsq)
    into v_walked, v_ids, v_tsvs
    from (select m.id, m.search_tsv, m.created_at
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
           order by m.created_at desc
           limit 2500) w;
  if v_walked < 2500 or coalesce(pg_catalog.cardinality(v_ids), 0) >= v_limit then
    return query select u.id, u.tsv
                   from rows from (pg_catalog.unnest(v_ids[1:v_limit]), pg_catalog.unnest(v_tsvs[1:v_limit])) u(id, tsv);
    return;
  end if;
  -- Matches first (materialized: the GIN answers tenant, subject and words at once, whatever the statistics say),
  -- then the newest v_limit of them.
  return query
    with hits as materialized (
      select m.id, m.search_tsv, m.created_at
        from engram.memories m
       where m.tenant_id = v_tenant and m.subject = p_subject and m.search_tsv @@ p_tsq
         and m.revoked_at is null and m.superseded_by is null
         and (m.expires_at is null or m.expires_at > pg_catalog.now())
         and (m.valid_from is null or m.valid_from <= pg_catalog.now())
         and (p_kinds is null or m.kind = any (p_kinds))
         and (p_tags is null or m.tags && p_tags)
         and (p_session is null or m.source_session = p_session)
         and (p_min_trust is null or m.trust >= p_min_trust)
         and (p_min_importance is null or m.importance >= p_min_importance)
         and (p_since is null or m.created_at >= p_since)
         and (p_until is null or m.created_at < p_until))
    select h.id, h.search_tsv from hits h
     order by h.created_at desc, h.id
     limit v_limit;
end
$$;
