-- recall_candidates runs without JIT: the per-term lexical matches (20261201540700) multiplied the planner's row
-- estimates of set-returning functions (1,000 rows each) past jit_above_cost, and JIT then compiled the lexical
-- statement of every recall: 14-15 ms added to a 2.5 ms lexical recall of a 35-row subject on PostgreSQL 15.
alter function engram.recall_candidates(text, text, text, text, text, integer, text[], text[], text, integer, real, timestamptz, timestamptz, text, real, real, real, integer, integer) set jit = off;
