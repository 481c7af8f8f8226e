-- The lexical lane finds a subject's matches through lexemes keyed by their subject (issue 18 item 1, the
-- bottleneck of large subjects). The GIN on (tenant_id, subject, search_tsv) merged the tenant's and the subject's
-- posting lists into every query: 8.7 ms to find 1,563 matches in a 18,965-row subject at 100k memories, 60-87%
-- of a hybrid recall there. memories_subject_lexemes_idx holds every lexeme prefixed by a key of its subject
-- (engram.subject_lexemes), so a posting list holds one subject's rows: 0.2 ms for the same matches
-- (docs/benchmarks/recall-sql.md). lexical_matches and rare_term_matches ask it for the query's lexemes keyed the
-- same way (engram.subject_keyed_tsquery: a superset) and test the query itself on what it returns; the results
-- are the same rows. The old index goes: nothing else reads it, and every write paid for it.
-- lexical_matches also walks the newest 1,000 rows first and the newest 2,500 only when those were dense, testing
-- each row once: a sparse subject of thousands of rows walked 2,500 rows (4.7 ms at 4,743 rows) for nothing.
-- Building the index reads every live memory once (a lock on writes meanwhile, as any CREATE INDEX).

create function engram.subject_lexeme_key(p_tenant uuid, p_subject text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return pg_catalog.left(pg_catalog.md5(p_tenant::text || '/' || p_subject), 12) || ':';
end
$$;
comment on function engram.subject_lexeme_key(uuid, text) is 'The prefix that keys a subject''s lexemes in the lexical lane''s index (12 hex digits of md5(tenant/subject) and a colon).';
revoke execute on function engram.subject_lexeme_key(uuid, text) from public;
grant execute on function engram.subject_lexeme_key(uuid, text) to engram_app, authenticated, engram_operator;

create function engram.subject_lexemes(p_tenant uuid, p_subject text, p_tsv tsvector)
returns tsvector
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_key text := engram.subject_lexeme_key(p_tenant, p_subject);
begin
  -- Lexemes only (the index needs no positions or weights), and not the configuration's tag, which every row of
  -- a language holds: its posting list would be the whole subject.
  return pg_catalog.array_to_tsvector(array(
    select v_key || l from pg_catalog.unnest(pg_catalog.tsvector_to_array(p_tsv)) l where l not like ' ~%'));
end
$$;
comment on function engram.subject_lexemes(uuid, text, tsvector) is 'The lexemes of p_tsv keyed by their subject (engram.subject_lexeme_key), without positions, weights or the configuration tag: what the lexical lane''s index holds.';
revoke execute on function engram.subject_lexemes(uuid, text, tsvector) from public;
grant execute on function engram.subject_lexemes(uuid, text, tsvector) to engram_app, authenticated, engram_operator;

create index memories_subject_lexemes_idx on engram.memories
  using gin (engram.subject_lexemes(tenant_id, subject, search_tsv))
  where revoked_at is null and superseded_by is null;
drop index engram.memories_subject_search_idx;

create function engram.subject_keyed_tsquery(p_tenant uuid, p_subject text, p_tsq tsquery)
returns tsquery
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_text text := p_tsq::text;
begin
  if v_text is null
     or pg_catalog.regexp_replace(v_text, '''(?:[^'']|'''')*''', '', 'g') ~ '[!*]' then
    return null;
  end if;
  -- Each lexeme as printed ('o''brien', 'a\\b'), so it stays escaped when it is quoted again with its key.
  return (
    select pg_catalog.string_agg(distinct '''' || engram.subject_lexeme_key(p_tenant, p_subject) || l.m[1] || '''',
                                 ' | ')::tsquery
      from pg_catalog.regexp_matches(v_text, '''((?:[^'']|'''')*)''', 'g') l(m)
     where l.m[1] not like ' ~%'
  );
end
$$;
comment on function engram.subject_keyed_tsquery(uuid, text, tsquery) is 'Any lexeme of p_tsq keyed by its subject (what memories_subject_lexemes_idx holds), ORed: a superset of p_tsq''s matches in that subject; null for a negation or prefix query.';
revoke execute on function engram.subject_keyed_tsquery(uuid, text, tsquery) from public;
grant execute on function engram.subject_keyed_tsquery(uuid, text, tsquery) to engram_app, authenticated, engram_operator;

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
returns table (id uuid, search_tsv tsvector, kind text)
language plpgsql
stable
security definer
set search_path = ''
-- The keyed index is the way to the matches; with statistics from before a bulk load the planner could otherwise
-- read the whole table and compute every row's keyed lexemes (issue 18 item 5).
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  v_tenant uuid;
  v_keyed tsquery;
  v_limit integer := least(greatest(coalesce(p_limit, 2000), 1), 2000);
  v_walked integer;
  v_walk integer;
  v_ids uuid[];
  v_tsvs tsvector[];
  v_kinds text[];
begin
  v_tenant := engram.lexical_caller_tenant(p_subject);
  if v_tenant is null or p_tsq is null then
    return;
  end if;
  -- Two ways to the newest matches, chosen by what the rows say rather than by statistics. Measured on a 20,020-row
  -- subject (docs/benchmarks/recall-sql.md): when most rows match (a speaker's name in every LoCoMo turn), walking
  -- the newest rows in date order reaches 2,000 matches soonest and the GIN took twice as long (every match is
  -- read and sorted); when few match, the GIN was 1.45x faster than the walk. So the newest rows are walked first:
  -- if they hold v_limit matches, or are the whole subject, those are the answer (the newest matches, as the GIN
  -- would give); otherwise the matches come from the GIN. The walk takes the newest 1,000 rows, and the newest
  -- 2,500 only when the first 1,000 were dense enough to hold v_limit matches in 2,500 (a sparse subject of
  -- thousands of rows used to walk 2,500 rows for nothing: 4.7 of a 4,743-row subject's 11 ms). Each row is
  -- tested once (`hit`), not once per aggregate. Whichever way is taken, the answer is the same rows.
  foreach v_walk in array array[1000, 2500] loop
    select pg_catalog.count(*)::integer,
           pg_catalog.array_agg(w.id order by w.created_at desc, w.id) filter (where w.hit),
           pg_catalog.array_agg(w.search_tsv order by w.created_at desc, w.id) filter (where w.hit),
           pg_catalog.array_agg(w.kind order by w.created_at desc, w.id) filter (where w.hit)
      into v_walked, v_ids, v_tsvs, v_kinds
      from (select m.id, m.search_tsv, m.created_at, m.kind, m.search_tsv @@ p_tsq as hit
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
             limit v_walk) w;
    if v_walked < v_walk or coalesce(pg_catalog.cardinality(v_ids), 0) >= v_limit then
      return query select u.id, u.tsv, u.kind
                     from rows from (pg_catalog.unnest(v_ids[1:v_limit]), pg_catalog.unnest(v_tsvs[1:v_limit]),
                                     pg_catalog.unnest(v_kinds[1:v_limit])) u(id, tsv, kind);
      return;
    end if;
    exit when coalesce(pg_catalog.cardinality(v_ids), 0)::float8 * 2500 / v_walk < v_limit;
  end loop;
  -- Matches from the index, keyed by the subject (materialized, so that the planner cannot trade the index for the
  -- subject's btree), then this subject's live rows that match p_tsq itself and pass the filters, the newest
  -- v_limit of them. A query the index cannot answer (a negation or a prefix) is tested on every row of the subject.
  v_keyed := engram.subject_keyed_tsquery(v_tenant, p_subject, p_tsq);
  if v_keyed is null then
    return query
      select m.id, m.search_tsv, m.kind
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
         and (p_until is null or m.created_at < p_until)
       order by m.created_at desc, m.id
       limit v_limit;
    return;
  end if;
  return query
    with hits as materialized (
      select m.id, m.tenant_id, m.subject, m.search_tsv, m.created_at, m.kind, m.expires_at, m.valid_from, m.tags,
             m.source_session, m.trust, m.importance
        from engram.memories m
       where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_keyed
         and m.revoked_at is null and m.superseded_by is null)
    select h.id, h.search_tsv, h.kind from hits h
     where h.tenant_id = v_tenant and h.subject = p_subject and h.search_tsv @@ p_tsq
       and (h.expires_at is null or h.expires_at > pg_catalog.now())
       and (h.valid_from is null or h.valid_from <= pg_catalog.now())
       and (p_kinds is null or h.kind = any (p_kinds))
       and (p_tags is null or h.tags && p_tags)
       and (p_session is null or h.source_session = p_session)
       and (p_min_trust is null or h.trust >= p_min_trust)
       and (p_min_importance is null or h.importance >= p_min_importance)
       and (p_since is null or h.created_at >= p_since)
       and (p_until is null or h.created_at < p_until)
     order by h.created_at desc, h.id
     limit v_limit;
end
$$;

create or replace function engram.rare_term_matches(
  p_subject text,
  p_terms tsquery[],
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_max_matches integer default 200
)
returns table (id uuid, search_tsv tsvector, kind text)
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.lexical_caller_tenant(p_subject);
  v_max integer := least(greatest(coalesce(p_max_matches, 200), 1), 1000);
  v_term tsquery;
  v_keyed tsquery;
begin
  if v_tenant is null then
    return;
  end if;
  foreach v_term in array coalesce(p_terms, '{}') loop
    v_keyed := engram.subject_keyed_tsquery(v_tenant, p_subject, v_term);
    -- A term the index cannot answer (a negation or a prefix) is left to the newest matches of the whole query.
    continue when v_keyed is null;
    -- The tenant and subject are tested as one `is true` so that the planner cannot combine the keyed index with
    -- the subject's btree (a BitmapAnd that read the whole subject's entries) or walk that btree instead: the scan
    -- reads the term's keyed posting list and stops at the (v_max + 1)th row that passes every condition.
    return query
      with hits as materialized (
        select m.id, m.search_tsv, m.kind
          from engram.memories m
         where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_keyed
           and m.revoked_at is null and m.superseded_by is null
           and (m.tenant_id = v_tenant and m.subject = p_subject) is true
           and m.search_tsv @@ v_term
           and (m.expires_at is null or m.expires_at > pg_catalog.now())
           and (m.valid_from is null or m.valid_from <= pg_catalog.now())
           and (p_kinds is null or m.kind = any (p_kinds))
           and (p_tags is null or m.tags && p_tags)
           and (p_session is null or m.source_session = p_session)
           and (p_min_trust is null or m.trust >= p_min_trust)
           and (p_min_importance is null or m.importance >= p_min_importance)
           and (p_since is null or m.created_at >= p_since)
           and (p_until is null or m.created_at < p_until)
         limit v_max + 1)
      select h.id, h.search_tsv, h.kind from hits h where (select pg_catalog.count(*) from hits) <= v_max;
  end loop;
end
$$;
