-- engram calibrate --merge-pairs stores the merge threshold of a model (issue 12 item 3): until now
-- engram.embedding_models.merge_threshold could only be set by hand. Operator only, like the other model settings.
create function engram.set_model_merge_threshold(p_model text, p_threshold real)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  update engram.embedding_models em set merge_threshold = p_threshold where em.model = p_model;
  if not found then
    raise exception 'unknown embedding model' using errcode = '22023';
  end if;
end
$$;
comment on function engram.set_model_merge_threshold(text, real) is 'Stores the merge threshold of one model (the similarity from which consolidation merges a write into a live memory of the same kind); null clears it (merge by slot and facet only).';
revoke execute on function engram.set_model_merge_threshold(text, real) from public;
grant execute on function engram.set_model_merge_threshold(text, real) to engram_operator;
