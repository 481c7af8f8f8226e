-- engram: timestamps in the API carry microseconds, the precision Postgres stores.
-- With milliseconds a keyset cursor built from created_at skipped rows created within the same millisecond as the
-- last row of a page (list_memories compares the full value).

create or replace function engram.iso(p_at timestamptz)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select pg_catalog.to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') $$;
comment on function engram.iso(timestamptz) is 'ISO 8601 UTC with microseconds and Z, whatever the session time zone.';
