-- Recall fuses once, in SQL (issue 13 item 5): recall_candidates returns slim rows (the columns a recall item shows,
-- not memory_json) fetched by primary key for the fused ids, each with its lane evidence as seen: the real
-- similarity and rank even under the threshold (flagged below_threshold, left out of rrf), the lexical score and
-- rank, and rrf in double precision. search_lexical builds memory_json for its hits only. iso becomes stable so that
-- it is inlined (issue 18).

create or replace function engram.iso(p_at timestamptz)
returns text
language sql
stable
parallel safe
as $$ select pg_catalog.to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;

drop function engram.search_lexical(text, text, integer, text);
drop function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer);

-- Measured on PostgreSQL 15 + pgvector 0.8.0 (see the recall issue): for a subject under a few thousand vectors an
-- exact scan beats HNSW by an order of magnitude, so the vector lane chooses explicitly instead of trusting the
-- planner's estimate. The lexical lane is scored like BM25 (idf per query term), measured on the LoCoMo dev file
-- (the lane's comment below).
-- This is the one place recall fuses (issue 13): each row carries its lane evidence as it was seen (the real
-- similarity and rank even when the similarity is under the threshold, flagged `below_threshold` and left out of
-- rrf), so the server and supabase-js callers post-rank the same fused list and can say why a memory dropped.
-- Rows are slim (the columns a recall item shows, not memory_json, measured at 55 us a row in issue 18), fetched by
-- primary key for the fused ids only.
create function engram.recall_candidates(
  p_subject text,
  p_query text,
  p_embedding text default null,
  p_model text default null,
  p_mode text default 'hybrid',
  p_candidates integer default 40,
  p_kinds text[] default null,
  p_tags text[] default null,
  p_session text default null,
  p_min_trust integer default null,
  p_min_importance real default null,
  p_since timestamptz default null,
  p_until timestamptz default null,
  p_language text default null,
  p_min_similarity real default null,
  p_vector_weight real default 1,
  p_lexical_weight real default 1,
  p_rrf_k integer default 60,
  p_exact_below integer default 5000
)
returns table (
  id uuid,
  subject text,
  kind text,
  content text,
  tags text[],
  trust integer,
  importance real,
  confidence real,
  created_at text,
  source jsonb,
  key text,
  facet text,
  polarity text,
  trigger text,
  language text,
  vector_similarity real,
  vector_rank integer,
  below_threshold boolean,
  lexical_score real,
  lexical_rank integer,
  rrf double precision,
  vector_path text
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_tenant uuid := engram.current_tenant_id();
  v_k integer := least(greatest(coalesce(p_candidates, 40), 1), 200);
  v_dims integer;
  v_subject_size integer := 0;
  v_path text := 'none';
  v_vector_lane text := 'select null::uuid as id, null::real as sim, null::integer as vrank where false';
  v_lexical_lane text := 'select null::uuid as id, null::real as lscore, null::integer as lrank where false';
  v_filter text;
begin
  if v_tenant is null then
    return;
  end if;
  if p_mode is null or p_mode not in ('hybrid', 'vector', 'lexical') then
    raise exception 'mode must be hybrid, vector or lexical' using errcode = '22023';
  end if;

  -- The filters every lane applies to the memory row `m`, as parameters so that the text stays constant.
  v_filter := '
        m.tenant_id = $1 and m.subject = $2
    and m.revoked_at is null and m.superseded_by is null
    and (m.expires_at is null or m.expires_at > pg_catalog.now())
    and (m.valid_from is null or m.valid_from <= pg_catalog.now())
    and ($3::text[] is null or m.kind = any ($3))
    and ($4::text[] is null or m.tags && $4)
    and ($5::text is null or m.source_session = $5)
    and ($6::integer is null or m.trust >= $6)
    and ($7::real is null or m.importance >= $7)
    and ($8::timestamptz is null or m.created_at >= $8)
    and ($9::timestamptz is null or m.created_at < $9)';

  if p_mode <> 'lexical' and p_embedding is not null and p_model is not null then
    select em.dims into v_dims from engram.embedding_models em where em.model = p_model;
    if v_dims is null then
      raise exception 'unknown embedding model' using errcode = '22023';
    end if;
    -- Bounded count: only whether the subject is small matters.
    select pg_catalog.count(*) into v_subject_size from (
      select 1 from engram.memory_embeddings e
       where e.tenant_id = v_tenant and e.subject = p_subject and e.model = p_model
       limit p_exact_below + 1) s;
    if v_subject_size <= p_exact_below or v_dims > 2000 then
      v_path := 'exact';
      -- No typmod cast: the expression does not match the HNSW index, so this is an exact ordered scan of the
      -- subject's rows (found through memory_embeddings_subject_idx).
      v_vector_lane := pg_catalog.format('
        select c.id, (1 - c.dist)::real as sim, (pg_catalog.row_number() over (order by c.dist, c.id))::integer as vrank
          from (select e.memory_id as id, e.embedding operator(extensions.<=>) $10::extensions.vector as dist
                  from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                 where e.tenant_id = $1 and e.subject = $2 and e.model = %L and %s
                 order by 2, 1
                 limit %s) c', p_model, v_filter, v_k);
    else
      v_path := 'hnsw';
      -- The model's partial HNSW index: the same cast and predicate. strict_order keeps scanning until enough
      -- rows pass the tenant and subject filters (without it a selective filter can return nothing).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      perform pg_catalog.set_config('hnsw.ef_search', greatest(v_k * 2, 64)::text, true);
      v_vector_lane := pg_catalog.format('
        select c.id, (1 - c.dist)::real as sim, (pg_catalog.row_number() over (order by c.dist, c.id))::integer as vrank
          from (select e.memory_id as id,
                       e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s) as dist
                  from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                 where e.model = %2$L and e.tenant_id = $1 and e.subject = $2 and %3$s
                 order by e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s)
                 limit %4$s) c', v_dims, p_model, v_filter, v_k);
    end if;
  end if;

  if p_mode <> 'vector' then
    -- OR full text scored like BM25: each query term weighs by its rarity in the subject (idf), so that a name
    -- said in half the conversation does not outrank the one rare word the question is about (ts_rank_cd has no
    -- idf). Document frequencies come from the matched rows themselves: every row holding a term matches the OR
    -- query, so df is exact unless the match bound cuts it. Context text (weight D) counts half as much as the
    -- memory's own words (A); ts_rank's normalisation 1 damps long rows. Measured on the LoCoMo dev file:
    -- docs/benchmarks/locomo-tuning.md.
    -- Bounded for latency: the newest 2,000 matching rows are scored, and the subject's size (N of idf) is counted
    -- up to 2,000 rows. A tighter bound was measured and rejected: scoring only the newest 500 matches cut LoCoMo's
    -- R@10 from 0.746 to 0.651, because speaker names in the neighbours' context make most turns match. Subjects
    -- under 2,000 rows are scored exactly.
    v_lexical_lane := pg_catalog.format('
      select r.id, r.score::real as lscore,
             (pg_catalog.row_number() over (order by r.score desc, r.id))::integer as lrank
        from (
          with q as (select engram.query_tsquery($11, $12) as tsq),
          matched as materialized (
            select m.id, m.search_tsv
              from engram.memories m, q
             where q.tsq is not null and m.search_tsv @@ q.tsq and %1$s
             order by m.created_at desc
             limit 2000),
          terms as (
            select t.tq, pg_catalog.count(*)::float8 as df
              from engram.query_terms($11, $12) t(tq) join matched mt on mt.search_tsv @@ t.tq
             group by t.tq),
          population as (
            select greatest(pg_catalog.count(*), (select pg_catalog.count(*) from matched))::float8 as n
              from (select 1 from engram.memories m
                     where m.tenant_id = $1 and m.subject = $2 and m.revoked_at is null and m.superseded_by is null
                     limit 2000) s)
          select mt.id,
                 pg_catalog.sum(pg_catalog.ln(1 + (p.n - t.df + 0.5) / (t.df + 0.5))
                                * pg_catalog.ts_rank(''{0.5, 0.2, 0.4, 1.0}''::real[], mt.search_tsv, t.tq, 1)) as score
            from matched mt join terms t on mt.search_tsv @@ t.tq cross join population p
           group by mt.id
           order by 2 desc, 1
           limit %2$s) r', v_filter, v_k);
  end if;

  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan). Vector
  -- evidence under it, or not a number (NaN sorts above every number in PostgreSQL), is kept on the row, flagged,
  -- and left out of rrf. Order: rrf, then the best counted lane rank, then id (ties are deterministic).
  return query execute pg_catalog.format('
    with vec as (%s),
         lex as (%s),
         fused as (
           select coalesce(vec.id, lex.id) as id, vec.sim, vec.vrank, lex.lscore, lex.lrank,
                  (vec.id is not null and (vec.sim is null or vec.sim = ''NaN''::real
                                           or ($13::real is not null and vec.sim < $13::real))) as below
             from vec full join lex on lex.id = vec.id),
         scored as (
           select f.*,
                  case when f.vrank is not null and not f.below then $14 / ($16 + f.vrank) else 0 end
                  + coalesce($15 / ($16 + f.lrank), 0) as rrf,
                  least(case when not f.below then f.vrank end, f.lrank) as best_rank
             from fused f)
    select m.id, m.subject, m.kind, m.content, m.tags, m.trust::integer, m.importance, m.confidence,
           engram.iso(m.created_at),
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             ''type'', m.source_type, ''uri'', m.source_uri, ''id'', m.source_id, ''session'', m.source_session)),
           m.key, m.facet, m.polarity, m.trigger, m.language,
           s.sim, s.vrank, coalesce(s.below, false), s.lscore, s.lrank, s.rrf, %L::text
      from scored s
      cross join lateral (select * from engram.memories m where m.id = s.id) m
     order by s.rrf desc, s.best_rank, s.id', v_vector_lane, v_lexical_lane, v_path)
  using v_tenant, p_subject, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until,
        p_embedding, p_query, p_language, p_min_similarity, p_vector_weight::float8, p_lexical_weight::float8,
        coalesce(p_rrf_k, 60)::float8;
end
$$;
comment on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) is 'Hybrid recall candidates of one subject, fused once: a vector lane (exact for small subjects, the model''s HNSW index otherwise; the threshold after the ordered scan) and an OR full-text lane, fused by weighted reciprocal rank fusion; each row is a slim memory with its lane evidence (similarity and rank even below the threshold, flagged) and its rrf.';
revoke execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) from public;
grant execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) to engram_app, authenticated, engram_operator;

-- The lexical lane of recall_candidates alone, so that the two never rank differently (volatile like
-- recall_candidates, which it calls). Its rows are the full memory (memory_json), built for the hits only.
create function engram.search_lexical(
  p_subject text,
  p_query text,
  p_limit integer default 20,
  p_language text default null
)
returns table (memory jsonb, lexical_score real, lexical_rank integer)
language sql
volatile
security invoker
set search_path = ''
as $$
  select engram.memory_json(m), c.lexical_score, c.lexical_rank
    from engram.recall_candidates(p_subject => p_subject, p_query => p_query, p_mode => 'lexical',
                                  p_candidates => least(greatest(coalesce(p_limit, 20), 1), 200),
                                  p_language => p_language) c
    join engram.memories m on m.id = c.id
   order by c.lexical_rank
$$;
comment on function engram.search_lexical(text, text, integer, text) is 'Full-text search in one subject with OR semantics, ranked as recall''s lexical lane (BM25-style idf); at most 200 rows.';
revoke execute on function engram.search_lexical(text, text, integer, text) from public;
grant execute on function engram.search_lexical(text, text, integer, text) to engram_app, authenticated, engram_operator;
