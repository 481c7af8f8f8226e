// The labelled corpus for the write gate: generated secrets and benign look-alikes from a fixed seed, plus
// the hand-written and held-out cases. Same seed, same corpus, on every machine.
import { type BenignCase, generateBenignCases } from './benign-cases.ts';
import { handWrittenBenign, handWrittenSecrets } from './hand-written.ts';
import { heldOutBenign, heldOutSecrets } from './held-out.ts';
import { Rng } from './rng.ts';
import { generateSecretCases, type SecretCase } from './secret-cases.ts';

export type { BenignCase } from './benign-cases.ts';
export type { CaseOrigin, SecretCase } from './secret-cases.ts';

export const CORPUS_SEED = 20_260_529;
const SECRETS_PER_KIND = 12;
const GENERATED_BENIGN = 500;

export interface Corpus {
  secrets: SecretCase[];
  benign: BenignCase[];
}

/** Builds the corpus; deterministic for a given seed. */
export function buildCorpus(seed = CORPUS_SEED): Corpus {
  const rng = new Rng(seed);
  return {
    secrets: [...generateSecretCases(rng, SECRETS_PER_KIND), ...handWrittenSecrets(), ...heldOutSecrets()],
    benign: [...generateBenignCases(rng, GENERATED_BENIGN), ...handWrittenBenign(), ...heldOutBenign()],
  };
}
