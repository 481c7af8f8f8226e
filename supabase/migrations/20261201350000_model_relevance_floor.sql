-- engram: a relevance floor per model (floor_similarity, floor_lexical on embedding_models; set_model_floor and
-- active_model_floor), so that a recall with no good evidence returns no memory.

alter table engram.embedding_models
  add column floor_similarity real check (floor_similarity is null or floor_similarity between -1 and 1),
  add column floor_lexical real check (floor_lexical is null or floor_lexical >= 0);
comment on column engram.embedding_models.floor_similarity is 'Relevance floor: the vector similarity that counts as good evidence for this model; null: no floor.';

-- The relevance floor is measured per model like the threshold (why: the columns of embedding_models in
-- 10_tables.sql). Kept apart from active_embedding_model() so that function's shape stays as callers know it.
create function engram.set_model_floor(
  p_model text, p_similarity real, p_lexical real, p_only_unset boolean default false
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
                              else coalesce(p_lexical, em.floor_lexical) end
   where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_floor(text, real, real, boolean) is 'Stores the relevance floor of one model (the similarity and the lexical score that count as good evidence); a null part keeps the stored one; with p_only_unset, fills only what is not set yet.';
revoke execute on function engram.set_model_floor(text, real, real, boolean) from public;
grant execute on function engram.set_model_floor(text, real, real, boolean) to engram_operator;

create function engram.active_model_floor()
returns table (model text, floor_similarity real, floor_lexical real)
language sql
stable
security invoker
set search_path = ''
as $$
  select em.model, em.floor_similarity, em.floor_lexical
    from engram.embedding_models em where em.status = 'active'
$$;
comment on function engram.active_model_floor() is 'The relevance floor of the model that serves reads.';
revoke execute on function engram.active_model_floor() from public;
grant execute on function engram.active_model_floor() to engram_app, authenticated, engram_operator;
