// What createReranker builds: the provider and its settings, after validation (src/config reads and checks them).

export type RerankerConfig =
  | {
      provider: 'workers-ai';
      model: string;
      /** REST access from outside a Worker; without it the Worker's `AI` binding is used. */
      rest?: { accountId: string; apiToken: string; baseURL?: string | undefined } | undefined;
      timeoutMs: number;
      candidates: number;
    }
  | {
      provider: 'http';
      url: string;
      model: string;
      apiKey?: string | undefined;
      timeoutMs: number;
      candidates: number;
    };
