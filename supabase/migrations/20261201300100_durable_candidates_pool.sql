-- Each recall lane's candidates are its best rows of every kind plus its best durable ones (every kind but episode),
-- ranked together by the lane's evidence, so that a subject full of chat turns still brings its preferences and
-- constraints into the pool (issue 12 item 4). Same signature and result type.
create or replace function engram.recall_candidates(
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

  -- Each lane's candidates are its best p_candidates rows of every kind plus (when the caller names no kinds) its best
  -- p_candidates durable ones (every kind but episode), ranked together by the lane's own evidence: in a subject of
  -- hundreds of chat turns a preference the query does not name ("recommend something easy to digest" / "Does not
  -- eat cilantro") is rarely among the first candidates of all kinds, but it is among the subject's few durable
  -- memories (issue 12 item 4; lived-in chat hit@3 0.061 -> 0.552 with durable-first ranking in TypeScript,
  -- docs/benchmarks/ingest-extraction.md).
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
          from ((select e.memory_id as id, e.embedding operator(extensions.<=>) $10::extensions.vector as dist
                   from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                  where e.tenant_id = $1 and e.subject = $2 and e.model = %1$L and %2$s
                  order by 2, 1
                  limit %3$s)
                union
                (select e.memory_id as id, e.embedding operator(extensions.<=>) $10::extensions.vector as dist
                   from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                  where e.tenant_id = $1 and e.subject = $2 and e.model = %1$L and %2$s
                    and $3::text[] is null and m.kind <> ''episode''
                  order by 2, 1
                  limit %3$s)) c', p_model, v_filter, v_k);
    else
      v_path := 'hnsw';
      -- The model's partial HNSW index: the same cast and predicate. strict_order keeps scanning until enough
      -- rows pass the tenant and subject filters (without it a selective filter can return nothing).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      perform pg_catalog.set_config('hnsw.ef_search', greatest(v_k * 2, 64)::text, true);
      v_vector_lane := pg_catalog.format('
        select c.id, (1 - c.dist)::real as sim, (pg_catalog.row_number() over (order by c.dist, c.id))::integer as vrank
          from ((select e.memory_id as id,
                        e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s) as dist
                   from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                  where e.model = %2$L and e.tenant_id = $1 and e.subject = $2 and %3$s
                  order by e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s)
                  limit %4$s)
                union
                (select e.memory_id as id,
                        e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s) as dist
                   from engram.memory_embeddings e join engram.memories m on m.id = e.memory_id
                  where e.model = %2$L and e.tenant_id = $1 and e.subject = $2 and %3$s
                    and $3::text[] is null and m.kind <> ''episode''
                  order by e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $10::extensions.vector(%1$s)
                  limit %4$s)) c', v_dims, p_model, v_filter, v_k);
    end if;
  end if;

  if p_mode <> 'vector' then
    -- OR full text scored like BM25: each query term weighs by its rarity in the subject (idf), so that a name
    -- said in half the conversation does not outrank the one rare word the question is about (ts_rank_cd has no
    -- idf). Document frequencies come from the matched rows themselves: every row holding a term matches the OR
    -- query, so df is exact unless the match bound cuts it. Context text (weight D) counts half as much as the
    -- memory's own words (A); ts_rank's normalisation 1 damps long rows. Measured on the LoCoMo dev file:
    -- docs/benchmarks/locomo-tuning.md.
    -- The matches come from lexical_matches (over the subject's GIN index; RLS keeps `@@` off any index here).
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
            select x.id, x.search_tsv
              from q, engram.lexical_matches($2, q.tsq, $3, $4, $5, $6, $7, $8, $9, 2000) x),
          terms as (
            select t.tq, pg_catalog.count(*)::float8 as df
              from engram.query_terms($11, $12) t(tq) join matched mt on mt.search_tsv @@ t.tq
             group by t.tq),
          population as (
            select greatest(pg_catalog.count(*), (select pg_catalog.count(*) from matched))::float8 as n
              from (select 1 from engram.memories m
                     where m.tenant_id = $1 and m.subject = $2 and m.revoked_at is null and m.superseded_by is null
                     limit 2000) s),
          scored as materialized (
            select mt.id,
                   pg_catalog.sum(pg_catalog.ln(1 + (p.n - t.df + 0.5) / (t.df + 0.5))
                                  * pg_catalog.ts_rank(''{0.5, 0.2, 0.4, 1.0}''::real[], mt.search_tsv, t.tq, 1)) as score
              from matched mt join terms t on mt.search_tsv @@ t.tq cross join population p
             group by mt.id)
          (select sc.id, sc.score from scored sc order by 2 desc, 1 limit %1$s)
          union
          (select sc.id, sc.score from scored sc join engram.memories m on m.id = sc.id
            where $3::text[] is null and m.kind <> ''episode''
            order by 2 desc, 1 limit %1$s)) r', v_k);
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
        p_embedding, p_query, p_language, p_min_similarity,
        -- Through numeric: 0.2 as real is 0.200000003 as float8, enough to break exact rrf ties (0.2/6 = 1/30)
        -- the other way than a caller that reads the weight back as 0.2.
        p_vector_weight::numeric::float8, p_lexical_weight::numeric::float8, coalesce(p_rrf_k, 60)::float8;
end
$$;
