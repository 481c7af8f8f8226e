-- engram: fusion weights per embedding model. How much a model's vector lane should count against full text
-- depends on the model: the local 100-d word-vector model ranks worse than BM25 on LoCoMo and, fused at equal
-- weight, dragged the hybrid below lexical alone (R@10 0.651 against 0.746); a strong model deserves more.
-- Like the similarity threshold, the weights are measured per model and stored with it; null means the
-- service's defaults (vector 1, lexical 1, k 60).

alter table engram.embedding_models
  add column vector_weight real check (vector_weight is null or vector_weight between 0 and 1000),
  add column rrf_k integer check (rrf_k is null or rrf_k between 1 and 1000);
comment on column engram.embedding_models.vector_weight is 'RRF weight of this model''s vector lane (lexical counts 1); null: the service default.';
comment on column engram.embedding_models.rrf_k is 'RRF constant k for recalls served by this model; null: the service default.';

create function engram.set_model_fusion(
  p_model text, p_vector_weight real, p_rrf_k integer, p_only_unset boolean default false
)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em
     set vector_weight = case when p_only_unset then coalesce(em.vector_weight, p_vector_weight) else p_vector_weight end,
         rrf_k = case when p_only_unset then coalesce(em.rrf_k, p_rrf_k) else p_rrf_k end
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_fusion(text, real, integer, boolean) is 'Stores the fusion weights of one model (vector lane weight, RRF k); with p_only_unset, fills only what is not set yet (shipped defaults never overwrite an operator''s choice).';

drop function engram.active_embedding_model();
create function engram.active_embedding_model()
returns table (model text, provider text, dims integer, threshold real, index_version integer, vector_weight real, rrf_k integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.provider, em.dims, em.threshold, em.index_version, em.vector_weight, em.rrf_k
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_embedding_model() is 'The model that serves reads, with its calibrated threshold and fusion weights.';

revoke execute on function engram.active_embedding_model() from public;
revoke execute on function engram.set_model_fusion(text, real, integer, boolean) from public;
grant execute on function engram.active_embedding_model() to engram_app, authenticated, engram_operator;
grant execute on function engram.set_model_fusion(text, real, integer, boolean) to engram_operator;
