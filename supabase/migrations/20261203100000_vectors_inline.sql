-- Vectors kept in their row (issue 18: recall speed). pgvector's type stores a vector EXTERNAL by default: out of
-- line, in the table's TOAST relation, as soon as a row passes ~2 kB, which a vector of 509 or more dimensions does
-- (the local blend has 612, OpenAI's small model 1,536). Every distance the exact lane computes then first fetched
-- the vector through the TOAST index and reassembled its chunks: an exact top 166 of 5,000 612-dimension vectors took
-- 11.1 ms out of line against 2.45 ms in line (docs/benchmarks/vector-storage.md). MAIN keeps a value in its row
-- (after a compression attempt, which a vector fails) unless the row would not fit in a page even then, so vectors
-- up to ~2,000 dimensions stay in line and larger ones still go out of line rather than fail.
-- Only rows written from now on are stored this way; a vector already out of line stays there until its row is
-- rewritten (a re-embed, or VACUUM FULL engram.memory_embeddings in a maintenance window).
alter table engram.memory_embeddings alter column embedding set storage main;
