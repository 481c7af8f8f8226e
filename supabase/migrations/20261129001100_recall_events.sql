-- engram: recall events and feedback. Each recall records which memory ids it returned (ids only, never content
-- or the query); the app reports which of them it used. The retrieved-but-unused rate comes from these rows.
-- Also the operator's cheap count of the embedding backlog, for metrics.

create table engram.recall_events (
  id uuid primary key,
  tenant_id uuid not null references engram.tenants (id) on delete cascade,
  subject text not null check (pg_catalog.char_length(subject) between 1 and 200),
  returned_ids uuid[] not null default '{}' check (pg_catalog.cardinality(returned_ids) <= 200),
  used_ids uuid[] not null default '{}' check (pg_catalog.cardinality(used_ids) <= 200),
  created_at timestamptz not null default now(),
  feedback_at timestamptz
);
create index recall_events_tenant_subject_idx on engram.recall_events (tenant_id, subject, created_at);
create index recall_events_created_idx on engram.recall_events (created_at);
comment on table engram.recall_events is 'One row per recall: the memory ids it returned and those the app reported as used (POST /v1/recalls/{id}/feedback). Ids only, never content or queries.';
comment on column engram.recall_events.id is 'The recall_id returned to the caller.';

alter table engram.recall_events enable row level security;
alter table engram.recall_events force row level security;
create policy recall_events_select_engram_app on engram.recall_events for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_insert_engram_app on engram.recall_events for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_update_engram_app on engram.recall_events for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_delete_engram_app on engram.recall_events for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_select_authenticated on engram.recall_events for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_insert_authenticated on engram.recall_events for insert to authenticated with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_update_authenticated on engram.recall_events for update to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject())) with check (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_delete_authenticated on engram.recall_events for delete to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_select_engram_operator on engram.recall_events for select to engram_operator using (true);
create policy recall_events_delete_engram_operator on engram.recall_events for delete to engram_operator using (true);
grant select, insert, update, delete on engram.recall_events to engram_app, authenticated;
grant select, delete on engram.recall_events to engram_operator;

create function engram.record_recall(p_recall_id uuid, p_subject text, p_returned uuid[])
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_tenant uuid := engram.current_tenant_id();
begin
  if v_tenant is null then
    raise exception 'no tenant in this transaction' using errcode = '42501';
  end if;
  insert into engram.recall_events (id, tenant_id, subject, returned_ids)
  values (p_recall_id, v_tenant, p_subject, coalesce(p_returned, '{}'))
  on conflict (id) do nothing;
end
$$;
comment on function engram.record_recall(uuid, text, uuid[]) is 'Records the memory ids one recall returned, under its recall_id (ids only). A repeated id is ignored.';

-- Feedback keeps only ids the recall actually returned (reporting others cannot skew the rate), merges repeated
-- reports, and says whether this was the first one so that metrics count each recall once.
create function engram.record_feedback(p_recall_id uuid, p_used uuid[], p_subject text default null)
returns table (returned integer, used_before integer, used_after integer, ignored integer, first_feedback boolean)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_old engram.recall_events;
  v_new engram.recall_events;
begin
  select * into v_old from engram.recall_events r
   where r.id = p_recall_id and r.tenant_id = engram.current_tenant_id()
     and (p_subject is null or r.subject = p_subject)
   for update;
  if not found then
    return;
  end if;
  update engram.recall_events r
     set used_ids = (select coalesce(pg_catalog.array_agg(distinct u), '{}')
                       from pg_catalog.unnest(r.used_ids || coalesce(p_used, '{}')) u
                      where u = any (r.returned_ids)),
         feedback_at = coalesce(r.feedback_at, pg_catalog.now())
   where r.id = p_recall_id
  returning * into v_new;
  return query select pg_catalog.cardinality(v_old.returned_ids), pg_catalog.cardinality(v_old.used_ids),
                      pg_catalog.cardinality(v_new.used_ids),
                      (select pg_catalog.count(distinct u)::integer from pg_catalog.unnest(coalesce(p_used, '{}')) u
                        where not (u = any (v_old.returned_ids))),
                      v_old.feedback_at is null;
end
$$;
comment on function engram.record_feedback(uuid, uuid[], text) is 'Records which returned memories the app used for one recall of the caller''s tenant (and subject, when given); no row when the recall is not visible.';

create function engram.erase_recall_events(p_subject text)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (
    delete from engram.recall_events r
     where r.tenant_id = engram.current_tenant_id() and r.subject = p_subject
    returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.erase_recall_events(text) is 'Deletes the recall events of one subject of the caller''s tenant (part of erasing a subject); returns how many.';

create function engram.purge_recall_events(p_before timestamptz)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with gone as (delete from engram.recall_events r where r.created_at < p_before returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
comment on function engram.purge_recall_events(timestamptz) is 'Deletes recall events older than p_before (operator; for the sweep job).';

create function engram.embedding_backlog()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$ select pg_catalog.count(*) from engram.memories m where m.embedding_status = 'pending' $$;
comment on function engram.embedding_backlog() is 'How many memories wait for an embedding, across tenants (operator; served by the partial pending index).';

-- `alter default privileges in schema ... revoke ... from public` cannot remove the global default (PUBLIC may
-- execute new functions): per-schema default privileges only add. So revoke explicitly, then grant.
revoke execute on function
  engram.record_recall(uuid, text, uuid[]), engram.record_feedback(uuid, uuid[], text), engram.erase_recall_events(text),
  engram.purge_recall_events(timestamptz), engram.embedding_backlog()
from public;
grant execute on function
  engram.record_recall(uuid, text, uuid[]), engram.record_feedback(uuid, uuid[], text), engram.erase_recall_events(text)
to engram_app, authenticated;
grant execute on function engram.purge_recall_events(timestamptz), engram.embedding_backlog() to engram_operator;
