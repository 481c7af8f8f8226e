// What createEmbedder builds: the provider and its settings, after validation (src/config reads and checks them).

export type EmbedderConfig =
  | { provider: 'local'; model?: string | undefined; dimensions?: number | undefined; timeoutMs: number }
  | {
      provider: 'openai';
      apiKey?: string | undefined;
      baseURL?: string | undefined;
      model: string;
      dimensions?: number | undefined;
      batchSize: number;
      timeoutMs: number;
    }
  | { provider: 'workers-ai'; model: string; dimensions?: number | undefined; timeoutMs: number }
  | { provider: 'fake'; dimensions: number; timeoutMs: number };
