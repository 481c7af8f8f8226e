-- engram schema: row-level security, enabled and forced on every tenant table, one policy per operation and role,
-- and the table privileges beside each table's policies (RLS decides which rows; grants decide which operations at
-- all). The tenant of a transaction comes from:
--   engram_app     the transaction-local setting engram.tenant_id (set by the Worker and the Node server);
--   authenticated  the Supabase JWT claims (tenant_id, or app_metadata.tenant_id), and the subject is `sub`.
-- With no tenant set, a tenant role sees nothing. FORCE makes the table owner obey the policies too.
-- The helpers below are evaluated by policies as the querying role, so every role may execute them.

create function engram.app_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$ select nullif(pg_catalog.current_setting('engram.tenant_id', true), '')::uuid $$;
comment on function engram.app_tenant_id() is 'The tenant of the current transaction, set by the server with set_config(''engram.tenant_id'', ..., true); null when unset.';
revoke execute on function engram.app_tenant_id() from public;
grant execute on function engram.app_tenant_id() to engram_app, authenticated, engram_operator;

create function engram.jwt_claims()
returns jsonb
language sql
stable
set search_path = ''
as $$ select coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;
comment on function engram.jwt_claims() is 'The JWT claims PostgREST sets for supabase-js callers (what auth.jwt() reads on Supabase), portable to plain PostgreSQL.';
revoke execute on function engram.jwt_claims() from public;
grant execute on function engram.jwt_claims() to engram_app, authenticated, engram_operator;

create function engram.jwt_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$
  select nullif(coalesce(engram.jwt_claims() ->> 'tenant_id', engram.jwt_claims() -> 'app_metadata' ->> 'tenant_id'), '')::uuid
$$;
comment on function engram.jwt_tenant_id() is 'Tenant of a supabase-js caller: claim tenant_id, or app_metadata.tenant_id (which users cannot edit themselves).';
revoke execute on function engram.jwt_tenant_id() from public;
grant execute on function engram.jwt_tenant_id() to engram_app, authenticated, engram_operator;

create function engram.jwt_subject()
returns text
language sql
stable
set search_path = ''
as $$ select nullif(engram.jwt_claims() ->> 'sub', '') $$;
comment on function engram.jwt_subject() is 'Subject of a supabase-js caller: the JWT sub; such a caller reaches only its own subject.';
revoke execute on function engram.jwt_subject() from public;
grant execute on function engram.jwt_subject() to engram_app, authenticated, engram_operator;

create function engram.current_tenant_id()
returns uuid
language sql
stable
set search_path = ''
as $$
  select case when current_user = 'authenticated' then engram.jwt_tenant_id() else engram.app_tenant_id() end
$$;
comment on function engram.current_tenant_id() is 'The tenant the RPC functions act for: from the JWT for authenticated callers, from engram.tenant_id otherwise.';
revoke execute on function engram.current_tenant_id() from public;
grant execute on function engram.current_tenant_id() to engram_app, authenticated, engram_operator;

-- memories and their embeddings: tenant roles see their tenant (JWT callers: their own subject too);
-- the operator role serves scheduled jobs that work across tenants (sweep, backfill, re-embed, tenant erasure).
alter table engram.memories enable row level security;
alter table engram.memories force row level security;
create policy memories_select_engram_app on engram.memories for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memories_insert_engram_app on engram.memories for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memories_update_engram_app on engram.memories for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memories_delete_engram_app on engram.memories for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memories_select_authenticated on engram.memories for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memories_select_engram_operator on engram.memories for select to engram_operator using (true);
create policy memories_insert_engram_operator on engram.memories for insert to engram_operator with check (true);
create policy memories_update_engram_operator on engram.memories for update to engram_operator using (true) with check (true);
create policy memories_delete_engram_operator on engram.memories for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memories to engram_app, engram_operator;
-- End users (role authenticated, supabase-js) read through the RPC functions (security invoker, so they need
-- select) and write over HTTPS with the same JWT, through the write gate: no table writes for them.
grant select on engram.memories to authenticated;

alter table engram.memory_embeddings enable row level security;
alter table engram.memory_embeddings force row level security;
create policy memory_embeddings_select_engram_app on engram.memory_embeddings for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_insert_engram_app on engram.memory_embeddings for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_update_engram_app on engram.memory_embeddings for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_delete_engram_app on engram.memory_embeddings for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_embeddings_select_authenticated on engram.memory_embeddings for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_embeddings_select_engram_operator on engram.memory_embeddings for select to engram_operator using (true);
create policy memory_embeddings_insert_engram_operator on engram.memory_embeddings for insert to engram_operator with check (true);
create policy memory_embeddings_update_engram_operator on engram.memory_embeddings for update to engram_operator using (true) with check (true);
create policy memory_embeddings_delete_engram_operator on engram.memory_embeddings for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memory_embeddings to engram_app, engram_operator;
grant select on engram.memory_embeddings to authenticated;

-- audit events: appended and read by tenant roles, redacted (update) on erasure; never deleted by them.
alter table engram.audit_events enable row level security;
alter table engram.audit_events force row level security;
create policy audit_events_select_engram_app on engram.audit_events for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_insert_engram_app on engram.audit_events for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_update_engram_app on engram.audit_events for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy audit_events_select_authenticated on engram.audit_events for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy audit_events_select_engram_operator on engram.audit_events for select to engram_operator using (true);
create policy audit_events_insert_engram_operator on engram.audit_events for insert to engram_operator with check (true);
create policy audit_events_update_engram_operator on engram.audit_events for update to engram_operator using (true) with check (true);
create policy audit_events_delete_engram_operator on engram.audit_events for delete to engram_operator using (true);
grant select, insert, update on engram.audit_events to engram_app;
grant select on engram.audit_events to authenticated;
grant select, insert, update, delete on engram.audit_events to engram_operator;
-- Inserting an event draws its id from the identity sequence.
grant usage on sequence engram.audit_events_id_seq to engram_app, engram_operator;

-- recall events: written and read by the server's tenant role (JWT callers read their own subject); the operator
-- purges old ones.
alter table engram.recall_events enable row level security;
alter table engram.recall_events force row level security;
create policy recall_events_select_engram_app on engram.recall_events for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_insert_engram_app on engram.recall_events for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_update_engram_app on engram.recall_events for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_delete_engram_app on engram.recall_events for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy recall_events_select_authenticated on engram.recall_events for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy recall_events_select_engram_operator on engram.recall_events for select to engram_operator using (true);
create policy recall_events_delete_engram_operator on engram.recall_events for delete to engram_operator using (true);
grant select, insert, update, delete on engram.recall_events to engram_app;
grant select on engram.recall_events to authenticated;
grant select, delete on engram.recall_events to engram_operator;

alter table engram.memory_recall_stats enable row level security;
alter table engram.memory_recall_stats force row level security;
create policy memory_recall_stats_select_engram_app on engram.memory_recall_stats for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_insert_engram_app on engram.memory_recall_stats for insert to engram_app with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_update_engram_app on engram.memory_recall_stats for update to engram_app using (tenant_id = (select engram.app_tenant_id())) with check (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_delete_engram_app on engram.memory_recall_stats for delete to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy memory_recall_stats_select_authenticated on engram.memory_recall_stats for select to authenticated using (tenant_id = (select engram.jwt_tenant_id()) and subject = (select engram.jwt_subject()));
create policy memory_recall_stats_select_engram_operator on engram.memory_recall_stats for select to engram_operator using (true);
create policy memory_recall_stats_insert_engram_operator on engram.memory_recall_stats for insert to engram_operator with check (true);
create policy memory_recall_stats_update_engram_operator on engram.memory_recall_stats for update to engram_operator using (true) with check (true);
create policy memory_recall_stats_delete_engram_operator on engram.memory_recall_stats for delete to engram_operator using (true);
grant select, insert, update, delete on engram.memory_recall_stats to engram_app, engram_operator;
grant select on engram.memory_recall_stats to authenticated;

-- tenants and keys: a tenant reads its own row; only the operator creates or changes them.
alter table engram.tenants enable row level security;
alter table engram.tenants force row level security;
create policy tenants_select_engram_app on engram.tenants for select to engram_app using (id = (select engram.app_tenant_id()));
create policy tenants_select_authenticated on engram.tenants for select to authenticated using (id = (select engram.jwt_tenant_id()));
create policy tenants_select_engram_operator on engram.tenants for select to engram_operator using (true);
create policy tenants_insert_engram_operator on engram.tenants for insert to engram_operator with check (true);
create policy tenants_update_engram_operator on engram.tenants for update to engram_operator using (true) with check (true);
create policy tenants_delete_engram_operator on engram.tenants for delete to engram_operator using (true);
grant select on engram.tenants to engram_app, authenticated;
grant select, insert, update, delete on engram.tenants to engram_operator;

alter table engram.api_keys enable row level security;
alter table engram.api_keys force row level security;
create policy api_keys_select_engram_app on engram.api_keys for select to engram_app using (tenant_id = (select engram.app_tenant_id()));
create policy api_keys_select_engram_operator on engram.api_keys for select to engram_operator using (true);
create policy api_keys_insert_engram_operator on engram.api_keys for insert to engram_operator with check (true);
create policy api_keys_update_engram_operator on engram.api_keys for update to engram_operator using (true) with check (true);
create policy api_keys_delete_engram_operator on engram.api_keys for delete to engram_operator using (true);
grant select on engram.api_keys to engram_app;
grant select, insert, update, delete on engram.api_keys to engram_operator;

-- embedding_models is a global registry, not tenant data (no RLS): readable by all, written by the operator and
-- the owner.
grant select on engram.embedding_models to engram_app, authenticated;
grant select, insert, update on engram.embedding_models to engram_operator;
