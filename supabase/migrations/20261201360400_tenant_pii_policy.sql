-- engram: a PII policy per tenant (issue 15, item 5), stored on the tenant, set by the operator API and read by the
-- write gate on every write path.

alter table engram.tenants add column pii_policy jsonb not null default '{}'
  check (pg_catalog.jsonb_typeof(pii_policy) = 'object');

create function engram.set_tenant_pii_policy(p_tenant uuid, p_policy jsonb)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with t as (
    update engram.tenants t set pii_policy = coalesce(p_policy, '{}') where t.id = p_tenant returning 1)
  select exists (select 1 from t)
$$;
comment on function engram.set_tenant_pii_policy(uuid, jsonb) is 'Sets a tenant''s PII policy (validated by the server); false when there is no such tenant.';
revoke execute on function engram.set_tenant_pii_policy(uuid, jsonb) from public;
grant execute on function engram.set_tenant_pii_policy(uuid, jsonb) to engram_operator;

create function engram.tenant_pii_policy()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select t.pii_policy from engram.tenants t where t.id = engram.current_tenant_id()), '{}'::jsonb)
$$;
comment on function engram.tenant_pii_policy() is 'The PII policy of the caller''s tenant, read by the write gate on every write path.';
revoke execute on function engram.tenant_pii_policy() from public;
grant execute on function engram.tenant_pii_policy() to engram_app;
