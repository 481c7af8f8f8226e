// The sentence model's public surface: Node only (it reads its weights from disk), never imported by Workers code.
export { BLEND_MODEL_ID, createBlendEmbedder, SENTENCE_SHARE } from './blend-default.ts';
export { BLEND_MODEL_DEFAULTS } from './defaults.ts';
export {
  createSentenceEmbedder,
  SENTENCE_MODEL_DIMENSIONS,
  SENTENCE_MODEL_ID,
  SENTENCE_MODEL_VERSION,
} from './sentence-embedder.ts';
