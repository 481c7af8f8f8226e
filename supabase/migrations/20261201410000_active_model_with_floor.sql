-- The relevance floor joins active_embedding_model() (its last columns): the store read it with a second query
-- through active_model_floor(), which goes. A result type cannot change in place: drop and create, with the grants.
drop function engram.active_model_floor();
drop function engram.active_embedding_model();
create function engram.active_embedding_model()
returns table (
  model text, provider text, dims integer, threshold real, index_version integer, vector_weight real, rrf_k integer,
  floor_similarity real, floor_lexical real
)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.threshold, em.index_version, em.vector_weight, em.rrf_k,
         em.floor_similarity, em.floor_lexical
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_embedding_model() is 'The model that serves reads, with its calibrated threshold, fusion weights and relevance floor.';
revoke execute on function engram.active_embedding_model() from public;
grant execute on function engram.active_embedding_model() to engram_app, authenticated, engram_operator;
