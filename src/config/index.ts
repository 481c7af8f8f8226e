// Configuration: one schema for every setting, parsed once per process (Node) or once per isolate (Worker).
export { type EmbedderSettings, embedderConfigFromEnv, embedderConfigOf } from './embedder.ts';
export { ConfigError, EmbedderConfigError } from './errors.ts';
export { extractorConfigOf } from './extractor.ts';
export { parseConfig } from './parse.ts';
export { childEnvironment, processConfig } from './process-env.ts';
export { rerankerConfigOf } from './reranker.ts';
export { ConfigSchema, type EngramConfig } from './schema.ts';
export { parseWorkerConfig, type WorkerConfig, type WorkerSettings } from './worker.ts';
