// The cosine-similarity floor for the local model, measured by scripts/calibrate-local.ts.

/**
 * Pairs scoring below this are treated as unrelated. Chosen by maximising F1 over the 237 labelled pairs of
 * data/calibration/local-pairs.jsonl (129 relevant, 108 irrelevant, many of them hard negatives): precision
 * 0.674, recall 0.946, F1 0.787, ROC AUC 0.754 (docs/benchmarks/calibration-local.json and .svg). Youden's J
 * would cut at 0.146 (precision 0.676, recall 0.938). It is a low floor: it drops clearly unrelated
 * memories, while ranking (and the lexical lane) separates a related memory from a merely similar one.
 * Re-run the script and update this value whenever the model id changes. @2 changed only texts with CJK words,
 * and none of the 237 pairs has one: their vectors, and so this value, are those of @1.
 */
export const LOCAL_MODEL_DEFAULT_THRESHOLD = 0.1376;
