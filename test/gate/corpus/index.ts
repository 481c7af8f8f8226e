// The labelled corpus for the write gate: generated secrets and benign look-alikes from a fixed seed, plus
// the hand-written and held-out cases. Same seed, same corpus, on every machine.
import { type BenignCase, generateBenignCases } from './benign-cases.ts';
import { handWrittenBenign, handWrittenSecrets } from './hand-written.ts';
import { handWrittenLanguageBenign, handWrittenLanguageSecrets } from './hand-written-languages.ts';
import { heldOutBenign, heldOutSecrets } from './held-out.ts';
import { independentBenign, independentSecrets } from './held-out-independent.ts';
import { heldOutNewBenign, heldOutNewSecrets } from './held-out-new-kinds.ts';
import { generateNewBenignCases } from './new-benign-cases.ts';
import { generateNewKindCases } from './new-kind-cases.ts';
import { Rng } from './rng.ts';
import { generateSecretCases, type SecretCase } from './secret-cases.ts';

export type { BenignCase } from './benign-cases.ts';
export type { CaseOrigin, SecretCase } from './secret-cases.ts';

export const CORPUS_SEED = 20_260_529;
const SECRETS_PER_KIND = 12;
const GENERATED_BENIGN = 500;
// The later kinds: their own generator (seed + 1), so the first corpus is unchanged by their arrival.
const NEW_KINDS_PER_KIND = 12;
const NEW_GENERATED_BENIGN = 300;

export interface Corpus {
  secrets: SecretCase[];
  benign: BenignCase[];
}

/** Builds the corpus; deterministic for a given seed. */
export function buildCorpus(seed = CORPUS_SEED): Corpus {
  const rng = new Rng(seed);
  const later = new Rng(seed + 1);
  return {
    secrets: [
      ...generateSecretCases(rng, SECRETS_PER_KIND),
      ...handWrittenSecrets(),
      ...heldOutSecrets(),
      ...generateNewKindCases(later, NEW_KINDS_PER_KIND),
      ...handWrittenLanguageSecrets(),
      ...heldOutNewSecrets(),
      ...independentSecrets(),
    ],
    benign: [
      ...generateBenignCases(rng, GENERATED_BENIGN),
      ...handWrittenBenign(),
      ...heldOutBenign(),
      ...generateNewBenignCases(later, NEW_GENERATED_BENIGN),
      ...handWrittenLanguageBenign(),
      ...heldOutNewBenign(),
      ...independentBenign(),
    ],
  };
}
