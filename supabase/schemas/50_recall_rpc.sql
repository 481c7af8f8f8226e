-- engram schema: hybrid recall. One RPC returns the fused candidates of a vector lane and a lexical lane; the server
-- (or a supabase-js caller) post-ranks them. The lexical query helpers, recall_candidates itself, search_lexical
-- (the lexical lane alone), the rules of a subject and the recall bookkeeping.

create function engram.or_tsquery(p_config regconfig, p_text text)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- OR semantics: question-style queries rarely contain every word of the memory.
  select nullif(pg_catalog.replace(pg_catalog.plainto_tsquery(p_config, p_text)::text, ' & ', ' | '), '')::tsquery
$$;
comment on function engram.or_tsquery(regconfig, text) is 'A full-text query matching any of the words of p_text (stop words dropped, stemmed by p_config).';
revoke execute on function engram.or_tsquery(regconfig, text) from public;
grant execute on function engram.or_tsquery(regconfig, text) to engram_app, authenticated, engram_operator;

create function engram.query_tsquery(p_text text, p_language text default null)
returns tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Rows are indexed with their own language's configuration, or simple: match either form of each word.
  select case
    when a is null then b
    when b is null then a
    else a || b
  end
  from (select engram.or_tsquery(engram.ts_config_for(coalesce(p_language, 'en')), p_text) as a,
               engram.or_tsquery('pg_catalog.simple'::regconfig, p_text) as b) q
$$;
comment on function engram.query_tsquery(text, text) is 'The lexical query of a recall: OR of the words, stemmed for the language and as is.';
revoke execute on function engram.query_tsquery(text, text) from public;
grant execute on function engram.query_tsquery(text, text) to engram_app, authenticated, engram_operator;

create function engram.query_terms(p_text text, p_language text default null)
returns setof tsquery
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- The lexemes query_tsquery ORs together (the language's stemmed forms and the words as is), one tsquery each,
  -- quoted so that no lexeme is read as an operator.
  select distinct ('''' || pg_catalog.replace(pg_catalog.replace(w, '\', '\\'), '''', '''''') || '''')::tsquery
    from pg_catalog.unnest(pg_catalog.tsvector_to_array(
           pg_catalog.to_tsvector(engram.ts_config_for(coalesce(p_language, 'en')), coalesce(p_text, ''))
           || pg_catalog.to_tsvector('pg_catalog.simple'::regconfig, coalesce(p_text, '')))) w
$$;
comment on function engram.query_terms(text, text) is 'The terms of a recall query, one tsquery each (what idf is computed for).';
revoke execute on function engram.query_terms(text, text) from public;
grant execute on function engram.query_terms(text, text) to engram_app, authenticated, engram_operator;

-- Measured on PostgreSQL 15 + pgvector 0.8.0 (see the recall issue): for a subject under a few thousand vectors an
-- exact scan beats HNSW by an order of magnitude, so the vector lane chooses explicitly instead of trusting the
-- planner's estimate. The lexical lane is scored like BM25 (idf per query term), measured on the LoCoMo dev file
-- (the lane's comment below).
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
  memory jsonb,
  vector_similarity real,
  vector_rank integer,
  lexical_score real,
  lexical_rank integer,
  rrf real,
  vector_path text
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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

  -- The threshold applies after the ordered scan (a distance in WHERE would force a sequential scan).
  return query execute pg_catalog.format('
    with vec as (select * from (%s) v where $13::real is null or v.sim >= $13),
         lex as (%s),
         fused as (
           select coalesce(vec.id, lex.id) as id, vec.sim, vec.vrank, lex.lscore, lex.lrank,
                  (coalesce($14 / ($16 + vec.vrank), 0) + coalesce($15 / ($16 + lex.lrank), 0))::real as rrf
             from vec full join lex on lex.id = vec.id)
    select engram.memory_json(m), f.sim, f.vrank, f.lscore, f.lrank, f.rrf, %L::text
      from fused f join engram.memories m on m.id = f.id
     order by f.rrf desc, f.id', v_vector_lane, v_lexical_lane, v_path)
  using v_tenant, p_subject, p_kinds, p_tags, p_session, p_min_trust, p_min_importance, p_since, p_until,
        p_embedding, p_query, p_language, p_min_similarity, p_vector_weight::real, p_lexical_weight::real,
        coalesce(p_rrf_k, 60)::real;
end
$$;
comment on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) is 'Hybrid recall candidates of one subject: a vector lane (exact for small subjects, the model''s HNSW index otherwise; threshold after the ordered scan) and an OR full-text lane, fused by weighted reciprocal rank fusion.';
revoke execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) from public;
grant execute on function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) to engram_app, authenticated, engram_operator;

-- The lexical lane of recall_candidates alone, so that the two never rank differently (volatile like
-- recall_candidates, which it calls).
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
  select c.memory, c.lexical_score, c.lexical_rank
    from engram.recall_candidates(p_subject => p_subject, p_query => p_query, p_mode => 'lexical',
                                  p_candidates => least(greatest(coalesce(p_limit, 20), 1), 200),
                                  p_language => p_language) c
   order by c.lexical_rank
$$;
comment on function engram.search_lexical(text, text, integer, text) is 'Full-text search in one subject with OR semantics, ranked as recall''s lexical lane (BM25-style idf); at most 200 rows.';
revoke execute on function engram.search_lexical(text, text, integer, text) from public;
grant execute on function engram.search_lexical(text, text, integer, text) to engram_app, authenticated, engram_operator;

create function engram.subject_rules(p_subject text, p_limit integer default 200)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select engram.memory_json(m)
    from engram.memories m
   where m.tenant_id = engram.current_tenant_id() and m.subject = p_subject and m.kind = 'rule'
     and m.revoked_at is null and m.superseded_by is null
     and (m.expires_at is null or m.expires_at > pg_catalog.now())
   order by m.created_at desc
   limit least(greatest(coalesce(p_limit, 200), 1), 500)
$$;
comment on function engram.subject_rules(text, integer) is 'The live rules of a subject (matched against the query by trigger; no embedding needed).';
revoke execute on function engram.subject_rules(text, integer) from public;
grant execute on function engram.subject_rules(text, integer) to engram_app, authenticated, engram_operator;

create function engram.mark_recalled(p_ids uuid[])
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  update engram.memories m
     set last_recalled_at = pg_catalog.now(), recall_count = m.recall_count + 1
   where m.id = any (p_ids) and m.tenant_id = engram.current_tenant_id()
$$;
comment on function engram.mark_recalled(uuid[]) is 'Recall bookkeeping (last_recalled_at, recall_count), run after the answer is sent.';
revoke execute on function engram.mark_recalled(uuid[]) from public;
grant execute on function engram.mark_recalled(uuid[]) to engram_app, engram_operator;
