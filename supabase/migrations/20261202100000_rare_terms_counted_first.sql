-- Rare terms up to 500 matches, counted before they are read (issue 13: recall must hold in a subject that looks
-- like weeks of real use). In a subject larger than the lexical window (its newest 2,500 rows), an older row is a
-- lexical candidate only through a query term that matches at most a bound of the subject's rows
-- (rare_term_matches). At 200 a term, the large-subject check (`engram eval locomo --one-subject --filler 9000
-- --samples 2`: two LoCoMo conversations, 9,788 rows in one subject, the gold in the oldest 788) found the gold of
-- R@10 0.350 of the questions in its top 10 (hybrid); at 500, 0.496; at 1,000, 0.535: words like "support" or
-- "group" match a few hundred turns of weeks of chat. The bound's cost was each common term's rows read up to the
-- bound, text-search vector included, then thrown away; rare_term_matches now counts each term's rows first
-- (index and heap, no vector read), and reads the rare terms' rows in one scan of the keyed index. On the 100k
-- bench corpus (p50, interleaved): 18,965 rows 25.0 -> 25.4 ms, where every query term is past the bound; 9,466
-- rows 17.7 -> 22.3 ms, where some terms have 200-500 matches and are now read and scored
-- (docs/benchmarks/large-subject.md).
-- A row that matches two rare terms now comes back once (recall_candidates kept one of each already); a term
-- with weights (`word:A`, which recall never builds) is counted by its lexeme, so it may count as common sooner.

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
  v_count integer;
  v_rare tsquery[] := '{}';
  v_rare_keyed tsquery;
  v_rare_any tsquery;
begin
  if v_tenant is null then
    return;
  end if;
  -- Each term's rows are counted up to v_max + 1 without reading their text-search vectors: the keyed index
  -- holds a row's lexemes whatever their weights, so for a term of one lexeme (every term recall asks for) its
  -- keyed condition matches exactly the term's rows. The tenant and subject are tested as one `is true` so that
  -- the planner cannot combine the keyed index with the subject's btree (a BitmapAnd that read the whole subject's
  -- entries) or walk that btree instead.
  foreach v_term in array coalesce(p_terms, '{}') loop
    v_keyed := engram.subject_keyed_tsquery(v_tenant, p_subject, v_term);
    -- A term the index cannot answer (a negation or a prefix) is left to the newest matches of the whole query.
    continue when v_keyed is null;
    select pg_catalog.count(*)::integer into v_count
      from (select 1
              from engram.memories m
             where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_keyed
               and m.revoked_at is null and m.superseded_by is null
               and (m.tenant_id = v_tenant and m.subject = p_subject) is true
               and (m.expires_at is null or m.expires_at > pg_catalog.now())
               and (m.valid_from is null or m.valid_from <= pg_catalog.now())
               and (p_kinds is null or m.kind = any (p_kinds))
               and (p_tags is null or m.tags && p_tags)
               and (p_session is null or m.source_session = p_session)
               and (p_min_trust is null or m.trust >= p_min_trust)
               and (p_min_importance is null or m.importance >= p_min_importance)
               and (p_since is null or m.created_at >= p_since)
               and (p_until is null or m.created_at < p_until)
             limit v_max + 1) c;
    if v_count between 1 and v_max then
      v_rare := v_rare || v_term;
      v_rare_keyed := case when v_rare_keyed is null then v_keyed else v_rare_keyed || v_keyed end;
    end if;
  end loop;
  if v_rare_keyed is null then
    return;
  end if;
  v_rare_any := engram.tsquery_any(v_rare);
  -- The rare terms' rows in one scan: the OR of their keyed lexemes, then the terms themselves.
  return query
    select m.id, m.search_tsv, m.kind
      from engram.memories m
     where engram.subject_lexemes(m.tenant_id, m.subject, m.search_tsv) @@ v_rare_keyed
       and m.revoked_at is null and m.superseded_by is null
       and (m.tenant_id = v_tenant and m.subject = p_subject) is true
       and m.search_tsv @@ v_rare_any
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
       and (m.valid_from is null or m.valid_from <= pg_catalog.now())
       and (p_kinds is null or m.kind = any (p_kinds))
       and (p_tags is null or m.tags && p_tags)
       and (p_session is null or m.source_session = p_session)
       and (p_min_trust is null or m.trust >= p_min_trust)
       and (p_min_importance is null or m.importance >= p_min_importance)
       and (p_since is null or m.created_at >= p_since)
       and (p_until is null or m.created_at < p_until);
end
$$;
comment on function engram.rare_term_matches(text, tsquery[], text[], text[], text, integer, real, timestamptz, timestamptz, integer) is 'The live full-text matches, each once and in no order, of the query terms that match at most p_max_matches rows of one subject of the caller''s tenant (a supabase-js caller: its own subject only), over the subject''s GIN index.';

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
  p_durable_vector_weight real default 1,
  p_durable_lexical_weight real default 1,
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
  lexical_share double precision,
  rrf double precision,
  vector_path text
)
language plpgsql
volatile
security invoker
set search_path = ''
-- No JIT: a recall is a few milliseconds of work, and per-term lexical matching multiplies the row estimates of
-- set-returning functions (1,000 each) past jit_above_cost: JIT then compiled every recall's lexical statement,
-- 14-15 ms of a 2.5 ms recall measured on PostgreSQL 15 (docs/benchmarks/large-subject.md).
set jit = off
-- Every statement here reads one subject through an index (or arrays); a sequential scan reads every tenant's
-- rows until it has enough. The planner chose one for the subject's size count (LIMIT 2,000) whenever it believed
-- the subject a large share of the table, or the table small (statistics from before a bulk load): a cost that
-- depends on where the subject's rows lie. So it is ruled out rather than left to the estimates (issue 18 item 5).
set enable_seqscan = off
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
  v_more uuid[];
  v_vec_ids uuid[] := '{}';
  v_vec_sims real[] := '{}';
  v_lex_ids uuid[] := '{}';
  v_lex_scores real[] := '{}';
  v_rows engram.memories[];
  v_row_ids uuid[];
  v_durable_ids uuid[];
  v_words tsquery[];
  v_share_ids uuid[];
  v_shares float8[];
  -- The filters every lane applies to the memory row `m` ($2-$8), as parameters so that the text stays constant.
  c_filters constant text := '
       m.revoked_at is null and m.superseded_by is null
       and (m.expires_at is null or m.expires_at > pg_catalog.now())
       and (m.valid_from is null or m.valid_from <= pg_catalog.now())
       and ($2::text[] is null or m.kind = any ($2))
       and ($3::text[] is null or m.tags && $3)
       and ($4::text is null or m.source_session = $4)
       and ($5::integer is null or m.trust >= $5)
       and ($6::real is null or m.importance >= $6)
       and ($7::timestamptz is null or m.created_at >= $7)
       and ($8::timestamptz is null or m.created_at < $8)';
  -- Which of the ids in $1 are live and pass the filters, and which of those are durable (every kind but
  -- episode). By primary key only: the ids come from the subject's own vectors (the foreign key ties a vector's
  -- tenant and subject to its memory's), so no condition here can send the planner down the subject's index.
  c_live constant text := '
    select pg_catalog.array_agg(m.id), pg_catalog.array_agg(m.id) filter (where m.kind <> ''episode'')
      from engram.memories m
     where m.id = any ($1) and ' || c_filters;
  -- The subject's live durable memories that pass the filters ($1 the tenant, $9 the subject), through
  -- memories_live_durable_idx: the HNSW path's durable pool when its scan found too few of them.
  c_durable constant text := '
    select coalesce(pg_catalog.array_agg(m.id), ''{}'')
      from engram.memories m
     where m.tenant_id = $1 and m.subject = $9 and m.kind <> ''episode'' and ' || c_filters;
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
    else
      v_path := 'hnsw';
      -- The subject's own HNSW index when the job built one (subject_vector_index_ddl: the model, tenant and subject
      -- are literals here so that the planner can prove its predicate), else the model's global one: the same
      -- cast and predicate. strict_order keeps scanning until enough rows pass the tenant and subject filters
      -- (without it a selective filter can return nothing).
      perform pg_catalog.set_config('hnsw.iterative_scan', 'strict_order', true);
      -- ef_search at least 100: at 64 the scan found 95.3% of the exact top 10 in a 192,449-row subject, at 100
      -- 98.3%, at 200 99.8% (engram bench at 1M with the local model's vectors, docs/benchmarks/1m/).
      perform pg_catalog.set_config('hnsw.ef_search', greatest(v_k * 2, 100)::text, true);
      v_order := pg_catalog.format(
        'e.embedding::extensions.vector(%1$s) operator(extensions.<=>) $1::extensions.vector(%1$s)', v_dims);
    end if;
    -- Both paths read the subject's vectors in distance order, the first v_scan of them, and keep those whose
    -- memory is live and passes the filters; when that leaves fewer than v_k rows and there are more, the scan
    -- goes 4 times deeper (the HNSW path up to hnsw.max_scan_tuples' default, 20,000). The exact path used to
    -- pass every vector of the subject through the live check and the pools (at 4,743 vectors, 17 of the vector
    -- lane's 22 ms; docs/benchmarks/recall-sql.md); its nearest v_scan are a prefix of the same order, so the
    -- pools below come out the same.
    v_scan := case when v_path = 'exact' then v_k + 16 else v_k * 4 end;
    loop
      if v_path = 'exact' then
        -- Every vector of the subject has its distance computed once and the nearest v_scan are kept (a top-N
        -- sort). No typmod cast: the expression matches no HNSW index, so this reads the subject's rows through
        -- memory_embeddings_subject_idx.
        execute '
          select pg_catalog.count(*)::integer,
                 pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
            from (select e.memory_id as id, e.embedding operator(extensions.<=>) $1::extensions.vector as dist
                    from engram.memory_embeddings e
                   where e.tenant_id = $2 and e.subject = $3 and e.model = $4
                   order by 2, 1
                   limit $5) d'
          into v_scanned, v_ids, v_dists using p_embedding, v_tenant, p_subject, p_model, v_scan;
      else
        execute pg_catalog.format('
          select pg_catalog.count(*)::integer,
                 pg_catalog.array_agg(d.id order by d.dist, d.id), pg_catalog.array_agg(d.dist order by d.dist, d.id)
            from (select e.memory_id as id, %1$s as dist
                    from engram.memory_embeddings e
                   where e.model = %2$L and e.tenant_id = %3$L and e.subject = %4$L
                   order by %1$s
                   limit %5$s) d', v_order, p_model, v_tenant, p_subject, v_scan)
          into v_scanned, v_ids, v_dists using p_embedding;
      end if;
      execute c_live into v_live, v_durable
        using v_ids, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until;
      exit when v_scanned < v_scan or coalesce(pg_catalog.cardinality(v_live), 0) >= v_k
             or (v_path = 'hnsw' and v_scan >= 20000);
      v_scan := case when v_path = 'hnsw' then least(v_scan * 4, 20000) else v_scan * 4 end;
    end loop;
    -- Durable memories are few next to a subject's chat turns (1 in 50 in scripts/bench-stale-plans.ts: about
    -- 12 in the index's first 600 rows where 150 were wanted), and scanning the index 4 and 16 times deeper for
    -- them made a 20,000-row subject's hybrid recall 2.4x slower than main's join inside the scan
    -- (docs/benchmarks/recall-sql.md). So when the scan did not
    -- reach them all, the durable pool comes from the subject's durable rows themselves, their vectors by
    -- primary key and their distances exact.
    if v_durable_pool and coalesce(pg_catalog.cardinality(v_durable), 0) < v_k and v_scanned = v_scan then
      execute c_durable into v_more
        using v_tenant, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until, p_subject;
    end if;
    if pg_catalog.cardinality(v_more) > 0 then
      execute '
        with more as (
               select e.memory_id as id, e.embedding operator(extensions.<=>) $1::extensions.vector as dist
                 from engram.memory_embeddings e
                where e.memory_id = any ($2) and e.model = $3),
             seen as (
               select s.id, s.dist from rows from (pg_catalog.unnest($4::uuid[]), pg_catalog.unnest($5::float8[])) s(id, dist)),
             pooled as (
               select distinct on (x.id) x.id, x.dist
                 from (select * from seen union all select * from more) x
                order by x.id)
        select pg_catalog.array_agg(v.id order by v.dist, v.id), pg_catalog.array_agg(v.dist order by v.dist, v.id)
          from pooled v'
        into v_ids, v_dists using p_embedding, v_more, p_model, v_ids, v_dists;
      v_live := coalesce(v_live, '{}') || v_more;
      v_durable := coalesce(v_durable, '{}') || v_more;
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
    -- The matches come from lexical_matches with their kinds, so the durable pool needs no join back to memories:
    -- the best p_candidates of every kind plus the best p_candidates durable ones, in one pass with two row_number
    -- windows.
    -- Bounded for latency: the matches among the subject's newest 2,500 rows are scored (at most 2,000 of them),
    -- and the subject's size (N of idf, at most 2,000 of it used) is the number of rows the window walked (with
    -- filters the walk skips rows, so they are counted here, up to 2,001). A term's document frequency is its
    -- number of matched rows, counted on the pairs the scoring ranks. Where the window or the bound cuts (a
    -- subject of thousands of rows; a query with no lexeme matches nothing and adds nothing), the
    -- matches of each query term that matches at most 500 rows are scored too (rare_term_matches), whatever their
    -- age (200 until 20261202100000: the large-subject check's R@10 0.350 -> 0.496 at 500); on the
    -- large-subject check (`engram eval locomo --one-subject`, 9,000 newer turns said by the same speakers) the
    -- newest 2,000 matches of the OR query were all newer chat matching a speaker's name, and the lexical lane
    -- found the gold of 1.9% of the questions in its top 10 (docs/benchmarks/large-subject.md). A tighter bound
    -- was measured and rejected: scoring only the newest 500 matches cut LoCoMo's R@10 from 0.746 to 0.651,
    -- because speaker names in the neighbours' context make most turns match. Subjects under 2,000 rows are
    -- scored exactly.
    execute '
      with q as (select engram.query_tsquery($10, $11) as tsq),
      win as materialized (
        select w.ids, w.search_tsvs, w.kinds, w.walked, w.complete
          from q, engram.lexical_window($2, q.tsq, $3, $4, $5, $6, $7, $8, $9, 2000) w),
      whole as materialized (
        select u.id, u.search_tsv, u.kind
          from win w,
               rows from (pg_catalog.unnest(w.ids), pg_catalog.unnest(w.search_tsvs), pg_catalog.unnest(w.kinds))
                    u(id, search_tsv, kind)),
      sized as materialized (
        select coalesce(
                 (select w.walked from win w
                   where $3::text[] is null and $4::text[] is null and $5::text is null and $6::integer is null
                     and $7::real is null and $8::timestamptz is null and $9::timestamptz is null),
                 (select pg_catalog.count(*)::integer
                    from (select 1 from engram.memories m
                           where m.tenant_id = $1 and m.subject = $2 and m.revoked_at is null and m.superseded_by is null
                             and (m.expires_at is null or m.expires_at > pg_catalog.now())
                             and (m.valid_from is null or m.valid_from <= pg_catalog.now())
                           limit 2001) s)) as n),
      per_term as materialized (
        select y.id, y.search_tsv, y.kind
          from engram.rare_term_matches($2, (select pg_catalog.array_agg(t.tq) from engram.query_terms($10, $11) t(tq)),
                                        $3, $4, $5, $6, $7, $8, $9, 500) y
         where (select pg_catalog.count(*) from whole) >= 2000 or not coalesce((select w.complete from win w), true)),
      matched as materialized (
        select distinct on (u.id) u.id, u.search_tsv, u.kind
          from (select * from whole union all select * from per_term) u),
      population as (
        select greatest(least((select z.n from sized z), 2000), (select pg_catalog.count(*) from matched))::float8 as n),
      pairs as materialized (
        select mt.id, mt.kind, t.tq,
               pg_catalog.ts_rank(''{0.5, 0.2, 0.4, 1.0}''::real[], mt.search_tsv, t.tq, 1) as tf
          from matched mt join engram.query_terms($10, $11) t(tq) on mt.search_tsv @@ t.tq),
      scored as (
        select pr.id, pr.kind <> ''episode'' as durable,
               pg_catalog.sum(pg_catalog.ln(1 + (p.n - pr.df + 0.5) / (pr.df + 0.5)) * pr.tf) as score
          from (select x.id, x.kind, x.tf, pg_catalog.count(*) over (partition by x.tq)::float8 as df
                  from pairs x) pr
               cross join population p
         group by pr.id, pr.kind),
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
  -- The fused ids' rows, by primary key (one table; the lanes already applied the filters), with what the hybrid
  -- weighing reads of them: which are durable, and the lexical share of each lexical hit (the query's words
  -- matched once per hit, here, beside the row: measured cheaper than carrying the rows through the fusion).
  if p_mode = 'hybrid' and pg_catalog.cardinality(v_lex_ids) > 0 then
    v_words := array(select engram.query_word_terms(p_query, p_language));
  end if;
  execute '
    select pg_catalog.array_agg(m), pg_catalog.array_agg(m.id),
           pg_catalog.array_agg(m.id) filter (where m.kind <> ''episode''),
           pg_catalog.array_agg(m.id) filter (where m.id = any ($2)),
           pg_catalog.array_agg(
             (select pg_catalog.count(*) filter (where m.search_tsv @@ w.tq)::float8 / pg_catalog.count(*)
                from pg_catalog.unnest($3::tsquery[]) w(tq))) filter (where m.id = any ($2))
      from engram.memories m
     where m.id = any ($1) and m.revoked_at is null and m.superseded_by is null'
    into v_rows, v_row_ids, v_durable_ids, v_share_ids, v_shares
    using v_vec_ids || v_lex_ids, case when pg_catalog.cardinality(v_words) > 0 then v_lex_ids end, v_words;

  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan). Vector
  -- evidence under it, or not a number (NaN sorts above every number in PostgreSQL), is kept on the row, flagged,
  -- and left out of rrf. A hybrid recall weighs each row's lanes (see above the function). Order: rrf, then the
  -- best counted lane rank, then id (ties are deterministic).
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
         rowed as (
           select f.*, f.id = any ($12) as durable, f.vrank is not null and not f.below as vcounted, sh.share
             from fused f
             left join rows from (pg_catalog.unnest($13::uuid[]), pg_catalog.unnest($14::float8[])) sh(id, share)
                    on sh.id = f.id
            where f.id = any ($11)),
         shared as (
           select r.*,
                  case when r.vcounted then pg_catalog.row_number() over (
                    partition by r.durable, r.vcounted order by r.vrank) end as vrank_class,
                  case when r.lrank is not null then pg_catalog.row_number() over (
                    partition by r.durable, r.lrank is not null order by r.lrank) end as lrank_class,
                  pg_catalog.max(case when r.vcounted then r.sim::float8 end) over () as best_sim
             from rowed r),
         scored as (
           select h.*,
                  case when not $15 then
                    case when h.vcounted then $6 / ($8 + h.vrank) else 0 end + coalesce($7 / ($8 + h.lrank), 0)
                  else
                    case when h.vcounted then
                      (case when h.durable then $16 else $6 end)
                      * (case when h.best_sim > 0 then least(1, greatest(0, h.sim::float8 / h.best_sim)) else 1 end)
                      / ($8 + h.vrank_class)
                    else 0 end
                    + case when h.lrank is not null then
                      (case when h.durable then $17 else $7 end)
                      * (case when h.share is null then 1 when h.durable then h.share else 0.5 + 0.5 * h.share end)
                      / ($8 + h.lrank_class)
                    else 0 end
                  end as rrf,
                  least(case when h.vcounted then h.vrank end, h.lrank) as best_rank
             from shared h)
    select m.id, m.subject, m.kind, m.content, m.tags, m.trust::integer, m.importance, m.confidence,
           engram.iso(m.created_at),
           pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
             ''type'', m.source_type, ''uri'', m.source_uri, ''id'', m.source_id, ''session'', m.source_session)),
           m.key, m.facet, m.polarity, m.trigger, m.language,
           s.sim, s.vrank, coalesce(s.below, false), s.lscore, s.lrank, s.share, s.rrf, $9::text
      from scored s
      join pg_catalog.unnest($10::engram.memories[]) m on m.id = s.id
     order by s.rrf desc, s.best_rank, s.id'
  using v_vec_ids, v_vec_sims, v_lex_ids, v_lex_scores, p_min_similarity,
        -- Through numeric: 0.2 as real is 0.200000003 as float8, enough to break exact rrf ties (0.2/6 = 1/30)
        -- the other way than a caller that reads the weight back as 0.2.
        p_vector_weight::numeric::float8, p_lexical_weight::numeric::float8, coalesce(p_rrf_k, 60)::float8,
        v_path, v_rows, v_row_ids, coalesce(v_durable_ids, '{}'), coalesce(v_share_ids, '{}'),
        coalesce(v_shares, '{}'), p_mode = 'hybrid',
        p_durable_vector_weight::numeric::float8, p_durable_lexical_weight::numeric::float8;
end
$$;
comment on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, real, real, integer, integer) is 'Hybrid recall candidates of one subject, fused once: a vector lane (exact for small subjects, the model''s HNSW index otherwise; the threshold after the ordered scan) and an OR full-text lane, fused by weighted reciprocal rank fusion, in a hybrid recall weighed per memory (its class''s lane weights and ranks, its lexical share, its similarity over the best); each row is a slim memory with its lane evidence (similarity and rank even below the threshold, flagged, lexical share) and its rrf.';
