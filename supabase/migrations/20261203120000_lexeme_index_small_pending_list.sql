-- The lexical lane's keyed index (memories_subject_lexemes_idx) keeps a pending list of at most 64 kB instead of
-- the server's gin_pending_list_limit (4 MB by default). A GIN index with fastupdate adds new entries to an
-- unsorted pending list, merged into the index when the list passes the limit or by VACUUM, and every search reads
-- the whole list. rare_term_matches searches this index once per query term in subjects of more than 2,500 rows:
-- after the 100k bench's load (autovacuum off, as on this machine; on any server between two vacuums) the list
-- held 500 pages, one term's lookup took 2.5 ms instead of 0.2, and the lexical recall of the 18,965-row subject
-- 16 ms instead of 7 (docs/benchmarks/recall-sql.md). At 64 kB a search reads at most 8 pending pages; the writes
-- merge the list more often, at no measured cost (3,000-row inserts: 140-170 ms at 64 kB, 256 kB and 4 MB).
alter index engram.memories_subject_lexemes_idx set (gin_pending_list_limit = 64);
