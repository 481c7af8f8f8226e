-- engram: room on every page of memories for recall bookkeeping.
-- Every recall updates last_recalled_at and recall_count of what it returned. With full pages those updates could
-- not stay on the page (HOT), so each left a dead row version behind in every index: measured during a LoCoMo eval
-- (2,760 memories, 999 recalls of 50 items in lexical mode), memories held 13,184 dead versions beside 2,760 live
-- ones, 43% of the updates were HOT, and recall slowed as the lexical lane walked the dead versions. No indexed
-- column changes on those updates, so with free space on the page they are HOT and pruned without a vacuum.
-- Applies to pages written from now on; VACUUM FULL or pg_repack rewrites existing ones.
alter table engram.memories set (fillfactor = 80);
