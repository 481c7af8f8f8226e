-- ANALYZE of engram.memories spent about two thirds of its time computing statistics for the expression of
-- memories_subject_lexemes_idx: engram.subject_lexemes() once per sampled row (12,000 rows: about 400 ms with
-- them, 140-180 ms without; docs/benchmarks/ingest-speed.md). No plan reads them: the lexical helpers reach that
-- index with sequential scans off and count each term's rows themselves (rare_term_matches), and recall's plans
-- are built not to hinge on statistics (issue 18 item 5). `engram import` and large batch writes ANALYZE what they
-- loaded, so this was paid on every large load (and by autovacuum's analyses).
alter index engram.memories_subject_lexemes_idx alter column 1 set statistics 0;
-- Nor for the vectors: no plan estimates anything from a vector column's statistics, and ANALYZE sorted the sampled
-- vectors to compute them (about a fifth of an ANALYZE of memory_embeddings).
alter table engram.memory_embeddings alter column embedding set statistics 0;
