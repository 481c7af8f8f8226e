-- engram: let the planner inline memory_json and iso.
-- A SQL function with a SET clause is never inlined: every call saves and restores search_path, which also
-- resets the search-path cache. Measured on PostgreSQL 15 (1,000 rows): memory_json 47 us a row with the SET,
-- 13 us without; recall builds it for every candidate (up to ~100 a call), so this was most of the RPC's time on a
-- small subject. Both bodies name everything by schema (pg_catalog., engram.), both are security invoker, and
-- they are only ever called from functions that pin search_path themselves, so pinning it here protected nothing.
alter function engram.iso(timestamptz) reset search_path;
alter function engram.memory_json(engram.memories) reset search_path;
