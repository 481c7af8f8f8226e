// The local embedder's public surface: Node only (it reads files), never imported by Workers code.
export { LOCAL_MODEL_DEFAULT_FUSION } from './default-fusion.ts';
export { LOCAL_MODEL_DEFAULT_THRESHOLD } from './default-threshold.ts';
export {
  createLocalEmbedder,
  LOCAL_MODEL_DIMENSIONS,
  LOCAL_MODEL_ID,
  LOCAL_MODEL_VERSION,
  type LocalEmbedderOptions,
} from './local-embedder.ts';
