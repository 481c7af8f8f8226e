-- A model registered from now on gets no global HNSW index (issue 18 item 3: the index was ~90% of the database's
-- write cost). Large subjects are served by the per-subject indexes of the vector_indexes job and, until it has
-- run, by exact search. An existing install keeps the global index it has: dropping it here would make recall of
-- its large subjects exact (slower) until the job built their indexes, so that step is the operator's, in order:
-- `engram vector-indexes --global off` builds the missing subject indexes first, then drops the global ones.
-- Registers a model. It builds no global HNSW index any more: maintaining one was ~90% of the database's write
-- cost (SQL batch write 0.17 ms a memory without it, 1.6 ms with it, docs/benchmarks/write-cheap.md), while a
-- subject under recall_candidates' exact threshold needs no index and a larger one gets its own from the
-- vector_indexes job (subject_vector_index_ddl); until then it is searched exactly. An operator who wants the
-- global index calls set_global_vector_index (`engram vector-indexes --global on`). Kept to the table owner:
-- `engram migrate` and the embedded server call it as the login role, not as a tenant role.
create or replace function engram.register_embedding_model(
  p_model text, p_provider text, p_dims integer, p_threshold real default null, p_activate boolean default false
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_status text;
begin
  insert into engram.embedding_models (model, provider, dims, threshold, status)
  values (p_model, p_provider, p_dims, p_threshold, 'backfilling')
  on conflict (model) do nothing;
  if not exists (select 1 from engram.embedding_models where model = p_model and dims = p_dims) then
    raise exception 'model % is registered with other dimensions', p_model using errcode = '23514';
  end if;
  if p_activate and not exists (select 1 from engram.embedding_models where status = 'active') then
    update engram.embedding_models set status = 'active', activated_at = pg_catalog.now() where model = p_model;
  end if;
  select status into v_status from engram.embedding_models where model = p_model;
  return v_status;
end
$$;
comment on function engram.register_embedding_model(text, text, integer, real, boolean) is 'Registers an embedding model (no global HNSW index: see set_global_vector_index); activates it when asked and no model is active yet. Returns its status.';
-- Granted to no role: only the owner registers models.
revoke execute on function engram.register_embedding_model(text, text, integer, real, boolean) from public;
