-- Per-subject HNSW indexes built by a job (issue 18 item 2) and the model's global HNSW index made optional:
-- subject_vector_index_ddl lists the missing indexes of large subjects, set_global_vector_index drops or recreates
-- the global one, and recall_candidates' HNSW path names the model, tenant and subject as literals so that the
-- planner can use a subject's own index. recall_candidates keeps its signature.
-- Per-subject HNSW indexes (issue 18 item 2). The model's global HNSW index serves a subject's search through a
-- filtered iterative scan over every other subject's vectors (recall@10 0.934 at 100k, 0.837 at 1M in issue 18)
-- and is most of a write's cost; a subject under recall_candidates' exact threshold (5,000 vectors) needs no
-- index at all. So a job indexes each large subject on its own, with the same expression as the global index and
-- a predicate naming the model, tenant and subject (which recall_candidates' HNSW path repeats as literals, so the
-- planner proves the index applies). These are the statements for the subjects above p_min_rows that have none
-- yet; the caller runs each one outside a transaction (CONCURRENTLY: writes go on during the build).
create function engram.subject_vector_index_ddl(p_min_rows integer default 5000)
returns table (index_name text, model text, tenant_id uuid, subject text, vectors bigint, ddl text)
language sql
stable
security invoker
set search_path = ''
as $$
  select i.name, s.model, s.tenant_id, s.subject, s.n,
         pg_catalog.format(
           'create index concurrently if not exists %I on engram.memory_embeddings using hnsw '
           '((embedding::extensions.vector(%s)) extensions.vector_cosine_ops) '
           'where model = %L and tenant_id = %L and subject = %L',
           i.name, em.dims, s.model, s.tenant_id, s.subject)
    from (select e.model, e.tenant_id, e.subject, pg_catalog.count(*) as n
            from engram.memory_embeddings e
           group by e.model, e.tenant_id, e.subject
          having pg_catalog.count(*) > greatest(coalesce(p_min_rows, 5000), 0)) s
    join engram.embedding_models em on em.model = s.model and em.dims <= 2000 and em.status <> 'retired'
   cross join lateral (
     select 'memory_embeddings_hnsw_s_'
            || pg_catalog.substr(pg_catalog.md5(s.model || '/' || s.tenant_id::text || '/' || s.subject), 1, 24) as name) i
   where not exists (select 1 from pg_catalog.pg_class c
                      where c.relname = i.name and c.relnamespace = 'engram'::regnamespace)
   order by s.n desc
$$;
comment on function engram.subject_vector_index_ddl(integer) is 'The CREATE INDEX statements of the per-subject HNSW indexes still missing for subjects with more than p_min_rows vectors of a model, largest first.';
-- Granted to no role: only the owner (the tables' owner, who may create indexes) runs the job.
revoke execute on function engram.subject_vector_index_ddl(integer) from public;

-- The model's global HNSW index made optional: with per-subject indexes for the large subjects, a write into any
-- other subject touches no HNSW graph (the global index was ~90% of the database's write cost, issue 18). Off drops
-- it; on creates it again (as register_embedding_model does). Recall is correct either way: a large subject
-- without any index is searched by an ordered scan of its own vectors (exact, slower).
create function engram.set_global_vector_index(p_model text, p_enabled boolean)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_index text := 'memory_embeddings_hnsw_' || pg_catalog.substr(pg_catalog.md5(p_model), 1, 16);
  v_dims integer;
begin
  select em.dims into v_dims from engram.embedding_models em where em.model = p_model;
  if v_dims is null then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
  if not p_enabled then
    execute pg_catalog.format('drop index if exists engram.%I', v_index);
  elsif v_dims <= 2000 then
    execute pg_catalog.format(
      'create index if not exists %I on engram.memory_embeddings using hnsw ((embedding::extensions.vector(%s)) extensions.vector_cosine_ops) where model = %L',
      v_index, v_dims, p_model);
  end if;
  return exists (select 1 from pg_catalog.pg_class c
                  where c.relname = v_index and c.relnamespace = 'engram'::regnamespace);
end
$$;
comment on function engram.set_global_vector_index(text, boolean) is 'Drops (false) or creates (true) the global HNSW index of a model; returns whether it exists.';
-- Granted to no role: only the owner may create or drop the index.
revoke execute on function engram.set_global_vector_index(text, boolean) from public;

-- Measured on PostgreSQL 15 + pgvector 0.8.0 (see the recall issue): for a subject under a few thousand vectors an
-- exact scan beats HNSW by an order of magnitude, so the vector lane chooses explicitly instead of trusting the
-- planner's estimate. The lexical lane is scored like BM25 (idf per query term), measured on the LoCoMo dev file
-- (the lane's comment below).
-- This is the one place recall fuses (issue 13): each row carries its lane evidence as it was seen (the real
-- similarity and rank even when the similarity is under the threshold, flagged `below_threshold` and left out of
-- rrf), so the server and supabase-js callers post-rank the same fused list and can say why a memory dropped.
-- Rows are slim (the columns a recall item shows, not memory_json, measured at 55 us a row in issue 18), fetched by
-- primary key for the fused ids only.
-- Plans that do not hinge on statistics (issue 18 item 5): right after a bulk load, before any ANALYZE, the
-- statistics say a new subject has one row, and a join of the subject's vectors to memories became a nested loop
-- whose inner side walked the whole subject for every vector (20,000 x 20,000 rows: a hybrid recall cancelled
-- after 100 s, docs/benchmarks/recall-sql.md). So no statement here joins two tables: each one reads one table
-- (the subject's vectors through memory_embeddings_subject_idx or the model's HNSW index, memories by primary key
-- through `id = any (...)`, the lexical matches from lexical_matches), and what joins the lanes' results are arrays
-- passed to EXECUTE as values, whose sizes the planner knows exactly. Whatever the statistics say, every statement
-- is at worst one pass over the subject.
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
  v_durable_pool boolean := p_kinds is null;
  v_dims integer;
  v_subject_size integer := 0;
  v_path text := 'none';
  v_order text;
  v_scan integer;
  v_scanned integer;
  v_ids uuid[];
  v_dists float8[];
  v_live uuid[];
  v_durable uuid[];
  v_vec_ids uuid[] := '{}';
  v_vec_sims real[] := '{}';
  v_lex_ids uuid[] := '{}';
  v_lex_scores real[] := '{}';
  v_rows engram.memories[];
  -- Which of the ids in $1 are live and pass the filters, and which of those are durable (every kind but
  -- episode). By primary key only: the ids come from the subject's own vectors (the foreign key ties a vector's
  -- tenant and subject to its memory's), so no condition here can send the planner down the subject's index.
  c_live constant text := '
    select pg_catalog.array_agg(m.id), pg_catalog.array_agg(m.id) filter (where m.kind <> ''episode'')
      from engram.memories m
     where m.id = any ($1)
       and m.revoked_at is null and m.superseded_by is null
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
       and (m.valid_from is null or m.valid_from <= pg_catalog.now())
       and ($2::text[] is null or m.kind = any ($2))
       and ($3::text[] is null or m.tags && $3)
       and ($4::text is null or m.source_session = $4)
       and ($5::integer is null or m.trust >= $5)
       and ($6::real is null or m.importance >= $6)
       and ($7::timestamptz is null or m.created_at >= $7)
       and ($8::timestamptz is null or m.created_at < $8)';
  -- The vector lane's candidates from the subject's vectors in distance order ($1, $2) and the live and durable
  -- ids ($3, $4): the best p_candidates of every kind plus (when the caller names no kinds) the best p_candidates
  -- durable ones, in one pass with two row_number windows, ranked together by distance.
  c_vector_pools constant text := '
    select coalesce(pg_catalog.array_agg(c.id order by c.o), ''{}''),
           coalesce(pg_catalog.array_agg((1 - c.dist)::real order by c.o), ''{}'')
      from (select u.id, u.dist, u.o, u.durable,
                   pg_catalog.row_number() over (order by u.o) as r_all,
                   pg_catalog.row_number() over (partition by u.durable order by u.o) as r_pool
              from (select u.id, u.dist, u.o, u.id = any ($4) as durable
                      from rows from (pg_catalog.unnest($1::uuid[]), pg_catalog.unnest($2::float8[])) with ordinality u(id, dist, o)
                     where u.id = any ($3)) u) c
     where c.r_all <= $5 or ($6 and c.durable and c.r_pool <= $5)';
begin
  if v_tenant is null then
    return;
  end if;
  if p_mode is null or p_mode not in ('hybrid', 'vector', 'lexical') then
    raise exception 'mode must be hybrid, vector or lexical' using errcode = '22023';
  end if;

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
      -- Every vector of the subject, its distance computed once. No typmod cast: the expression does not match
      -- the HNSW index, so this reads the subject's rows through memory_embeddings_subject_idx.
      execute '
        select pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
          from (select e.memory_id as id, e.embedding operator(extensions.<=>) $1::extensions.vector as dist
                  from engram.memory_embeddings e
                 where e.tenant_id = $2 and e.subject = $3 and e.model = $4) d'
        into v_ids, v_dists using p_embedding, v_tenant, p_subject, p_model;
      execute c_live into v_live, v_durable
        using v_ids, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until;
    else
      v_path := 'hnsw';
      -- The subject's own HNSW index when the job built one (subject_vector_index_ddl: the model, tenant and subject
      -- are literals here so that the planner can prove its predicate), else the model's global one: the same
      -- cast and predicate. strict_order keeps scanning until enough
      -- rows pass the tenant and subject filters (without it a selective filter can return nothing). The memory
      -- filters are applied to the first v_scan rows of the index's order; when they leave fewer than v_k rows
      -- (or v_k durable ones for the durable pool) and the index has more, the scan goes 4 times deeper, up to
      -- hnsw.max_scan_tuples' default (20,000).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      perform pg_catalog.set_config('hnsw.ef_search', greatest(v_k * 2, 64)::text, true);
      v_order := pg_catalog.format(
        'e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $1::extensions.vector(%1$s)', v_dims);
      v_scan := v_k * 4;
      loop
        execute pg_catalog.format('
          select pg_catalog.count(*)::integer,
                 pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
            from (select e.memory_id as id, %1$s as dist
                    from engram.memory_embeddings e
                   where e.model = %2$L and e.tenant_id = %3$L and e.subject = %4$L
                   order by %1$s
                   limit %5$s) d', v_order, p_model, v_tenant, p_subject, v_scan)
          into v_scanned, v_ids, v_dists using p_embedding;
        execute c_live into v_live, v_durable
          using v_ids, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until;
        exit when v_scanned < v_scan or v_scan >= 20000
          or (coalesce(pg_catalog.cardinality(v_live), 0) >= v_k
              and (not v_durable_pool or coalesce(pg_catalog.cardinality(v_durable), 0) >= v_k));
        v_scan := least(v_scan * 4, 20000);
      end loop;
    end if;
    if v_live is not null then
      execute c_vector_pools into v_vec_ids, v_vec_sims
        using v_ids, v_dists, v_live, coalesce(v_durable, '{}'), v_k, v_durable_pool;
    end if;
  end if;

  if p_mode <> 'vector' then
    -- OR full text scored like BM25: each query term weighs by its rarity in the subject (idf), so that a name
    -- said in half the conversation does not outrank the one rare word the question is about (ts_rank_cd has no
    -- idf). Document frequencies come from the matched rows themselves: every row holding a term matches the OR
    -- query, so df is exact unless the match bound cuts it. Context text (weight D) counts half as much as the
    -- memory's own words (A); ts_rank's normalisation 1 damps long rows. Measured on the LoCoMo dev file:
    -- docs/benchmarks/locomo-tuning.md.
    -- The matches come from lexical_matches (over the subject's GIN index; RLS keeps `@@` off any index here),
    -- with their kinds, so the durable pool needs no join back to memories: the best p_candidates of every kind
    -- plus the best p_candidates durable ones, in one pass with two row_number windows.
    -- Bounded for latency: the newest 2,000 matching rows are scored, and the subject's size (N of idf) is counted
    -- up to 2,000 rows. A tighter bound was measured and rejected: scoring only the newest 500 matches cut LoCoMo's
    -- R@10 from 0.746 to 0.651, because speaker names in the neighbours' context make most turns match. Subjects
    -- under 2,000 rows are scored exactly.
    execute '
      with q as (select engram.query_tsquery($10, $11) as tsq),
      matched as materialized (
        select x.id, x.search_tsv, x.kind
          from q, engram.lexical_matches($2, q.tsq, $3, $4, $5, $6, $7, $8, $9, 2000) x),
      terms as (
        select t.tq, pg_catalog.count(*)::float8 as df
          from engram.query_terms($10, $11) t(tq) join matched mt on mt.search_tsv @@ t.tq
         group by t.tq),
      population as (
        select greatest(pg_catalog.count(*), (select pg_catalog.count(*) from matched))::float8 as n
          from (select 1 from engram.memories m
                 where m.tenant_id = $1 and m.subject = $2 and m.revoked_at is null and m.superseded_by is null
                 limit 2000) s),
      scored as (
        select mt.id, mt.kind <> ''episode'' as durable,
               pg_catalog.sum(pg_catalog.ln(1 + (p.n - t.df + 0.5) / (t.df + 0.5))
                              * pg_catalog.ts_rank(''{0.5, 0.2, 0.4, 1.0}''::real[], mt.search_tsv, t.tq, 1)) as score
          from matched mt join terms t on mt.search_tsv @@ t.tq cross join population p
         group by mt.id, mt.kind),
      ranked as (
        select sc.id, sc.score, sc.durable,
               pg_catalog.row_number() over (order by sc.score desc, sc.id) as r_all,
               pg_catalog.row_number() over (partition by sc.durable order by sc.score desc, sc.id) as r_pool
          from scored sc)
      select coalesce(pg_catalog.array_agg(r.id order by r.score desc, r.id), ''{}''),
             coalesce(pg_catalog.array_agg(r.score::real order by r.score desc, r.id), ''{}'')
        from ranked r
       where r.r_all <= $12 or ($3::text[] is null and r.durable and r.r_pool <= $12)'
      into v_lex_ids, v_lex_scores
      using v_tenant, p_subject, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until,
            p_query, p_language, v_k;
  end if;

  if pg_catalog.cardinality(v_vec_ids) = 0 and pg_catalog.cardinality(v_lex_ids) = 0 then
    return;
  end if;
  -- The fused ids' rows, by primary key (one table; the lanes already applied the filters).
  execute '
    select pg_catalog.array_agg(m)
      from engram.memories m
     where m.id = any ($1) and m.revoked_at is null and m.superseded_by is null'
    into v_rows using v_vec_ids || v_lex_ids;

  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan). Vector
  -- evidence under it, or not a number (NaN sorts above every number in PostgreSQL), is kept on the row, flagged,
  -- and left out of rrf. Order: rrf, then the best counted lane rank, then id (ties are deterministic).
  return query execute '
    with vec as (
           select v.id, v.sim, v.vrank::integer as vrank
             from rows from (pg_catalog.unnest($1::uuid[]), pg_catalog.unnest($2::real[])) with ordinality v(id, sim, vrank)),
         lex as (
           select l.id, l.lscore, l.lrank::integer as lrank
             from rows from (pg_catalog.unnest($3::uuid[]), pg_catalog.unnest($4::real[])) with ordinality l(id, lscore, lrank)),
         fused as (
           select coalesce(vec.id, lex.id) as id, vec.sim, vec.vrank, lex.lscore, lex.lrank,
                  (vec.id is not null and (vec.sim is null or vec.sim = ''NaN''::real
                                           or ($5::real is not null and vec.sim < $5::real))) as below
             from vec full join lex on lex.id = vec.id),
         scored as (
           select f.*,
                  case when f.vrank is not null and not f.below then $6 / ($8 + f.vrank) else 0 end
                  + coalesce($7 / ($8 + f.lrank), 0) as rrf,
                  least(case when not f.below then f.vrank end, f.lrank) as best_rank
             from fused f)
    select m.id, m.subject, m.kind, m.content, m.tags, m.trust::integer, m.importance, m.confidence,
           engram.iso(m.created_at),
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             ''type'', m.source_type, ''uri'', m.source_uri, ''id'', m.source_id, ''session'', m.source_session)),
           m.key, m.facet, m.polarity, m.trigger, m.language,
           s.sim, s.vrank, coalesce(s.below, false), s.lscore, s.lrank, s.rrf, $9::text
      from scored s
      join pg_catalog.unnest($10::engram.memories[]) m on m.id = s.id
     order by s.rrf desc, s.best_rank, s.id'
  using v_vec_ids, v_vec_sims, v_lex_ids, v_lex_scores, p_min_similarity,
        -- Through numeric: 0.2 as real is 0.200000003 as float8, enough to break exact rrf ties (0.2/6 = 1/30)
        -- the other way than a caller that reads the weight back as 0.2.
        p_vector_weight::numeric::float8, p_lexical_weight::numeric::float8, coalesce(p_rrf_k, 60)::float8,
        v_path, v_rows;
end
$$;
