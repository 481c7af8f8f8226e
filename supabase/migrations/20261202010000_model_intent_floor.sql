-- engram: the relevance floor gains a query-level part, floor_intent (issue 13: "nothing is returned when nothing is
-- relevant"). A memory service is asked general questions too ("What's the capital of Australia?", "Tell me a
-- joke"); no memory answers them, yet the lanes always find the least bad memory, and the local model's similarities
-- do not tell those apart from paraphrased questions about the user (ROC AUC 0.73 for the best similarity,
-- docs/benchmarks/query-intent.md). How close the query sits to questions that ask about a person's own life, against
-- questions that do not (src/recall/query-intent.ts), does (AUC 0.95). That margin means something different in each
-- model's space, so its cut is stored per model like the threshold; null: no query-level floor.
alter table engram.embedding_models
  add column floor_intent real check (floor_intent is null or floor_intent between -2 and 2);
comment on column engram.embedding_models.floor_intent is 'Relevance floor, query level: the memory-seeking margin (src/recall/query-intent.ts) under which a recall returns no memory; null: none.';

-- A result type and an argument list cannot change in place: drop and create, with the grants.
drop function engram.set_model_floor(text, real, real, boolean);
create function engram.set_model_floor(
  p_model text, p_similarity real, p_lexical real, p_only_unset boolean default false, p_intent real default null
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em
     set floor_similarity = case when p_only_unset then coalesce(em.floor_similarity, p_similarity)
                                 else coalesce(p_similarity, em.floor_similarity) end,
         floor_lexical = case when p_only_unset then coalesce(em.floor_lexical, p_lexical)
                              else coalesce(p_lexical, em.floor_lexical) end,
         floor_intent = case when p_only_unset then coalesce(em.floor_intent, p_intent)
                             else coalesce(p_intent, em.floor_intent) end
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_floor(text, real, real, boolean, real) is 'Stores the relevance floor of one model (the similarity and the lexical score that count as good evidence, and the query-level memory-seeking margin); a null part keeps the stored one; with p_only_unset, fills only what is not set yet.';
revoke execute on function engram.set_model_floor(text, real, real, boolean, real) from public;
grant execute on function engram.set_model_floor(text, real, real, boolean, real) to engram_operator;

drop function engram.active_embedding_model();
create function engram.active_embedding_model()
returns table (
  model text, provider text, dims integer, threshold real, index_version integer, vector_weight real, rrf_k integer,
  floor_similarity real, floor_lexical real, floor_intent real
)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.threshold, em.index_version, em.vector_weight, em.rrf_k,
         em.floor_similarity, em.floor_lexical, em.floor_intent
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_embedding_model() is 'The model that serves reads, with its calibrated threshold, fusion weights and relevance floor.';
revoke execute on function engram.active_embedding_model() from public;
grant execute on function engram.active_embedding_model() to engram_app, authenticated, engram_operator;
