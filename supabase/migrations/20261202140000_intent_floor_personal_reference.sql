-- The local blend's query-level floor moves from -0.0254 to -0.0154 (issue 13: "nothing is returned when nothing is
-- relevant"). A query's memory-seeking margin now adds 0.01 when it speaks of the person (a first- or second-person
-- word: src/recall/query-intent.ts, PERSONAL_REFERENCE_WEIGHT), and the cut calibrated the same way on the example
-- questions (97% of the memory-seeking ones kept, each judged against the others) is -0.0154; it refuses 77.0% of
-- the general examples where the old margin and cut refused 74.5%. A database that registered the blend holds the
-- old cut, which under the new margin would refuse less than before; it is moved only where it is still the shipped
-- value, so a cut an operator calibrated (`engram calibrate --intent`) stays.
update engram.embedding_models
   set floor_intent = -0.0154
 where model = 'local/use-lite+wink-sif@1'
   and floor_intent = (-0.0254)::real;
