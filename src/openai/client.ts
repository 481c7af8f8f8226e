// The one way Engram builds an openai SDK client (embeddings and chat extraction alike), and the one mapping of
// the SDK's errors to a timeout or an error that is safe to log.
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAIClientOptions {
  /** Required for api.openai.com; optional for a local server that needs none (then no Authorization is sent). */
  apiKey?: string | undefined;
  /** Any OpenAI-compatible base URL, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  baseURL?: string | undefined;
  /** Backstop for one HTTP request when no caller signal is given; the real budget is the caller's signal. */
  requestTimeoutMs?: number | undefined;
}

/** True when the client would call api.openai.com without a key: callers refuse that at construction. */
export function missingOfficialKey(options: OpenAIClientOptions): boolean {
  return !options.apiKey && (options.baseURL ?? OPENAI_DEFAULT_BASE_URL) === OPENAI_DEFAULT_BASE_URL;
}

export function createOpenAIClient(options: OpenAIClientOptions): OpenAI {
  return new OpenAI({
    // Passed explicitly so that ambient OPENAI_* variables never override our parsed config. The SDK insists on
    // a key; for a keyless server a placeholder is given and the header is removed below.
    apiKey: options.apiKey || 'unused',
    baseURL: options.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    // Our own budget governs time: SDK retries would silently multiply it (measured: 1.5 s became 5.9 s).
    maxRetries: 0,
    timeout: options.requestTimeoutMs ?? 30_000,
    // The SDK's debug log prints request bodies, i.e. memory content; we log calls ourselves without it.
    logLevel: 'off',
  });
}

/** What an SDK failure was: `timeout` (aborted or timed out) or `error`, with a message safe to log. */
export interface OpenAIFailure {
  kind: 'timeout' | 'error';
  message: string;
  cause?: unknown;
}

/** Maps an SDK error to a failure; messages carry the HTTP status and error code only, never the server's text. */
export function classifyOpenAIError(error: unknown, signal: AbortSignal | undefined): OpenAIFailure {
  if (error instanceof APIUserAbortError || signal?.aborted) {
    return { kind: 'timeout', message: 'openai: request aborted', cause: error };
  }
  if (error instanceof APIConnectionTimeoutError) {
    return { kind: 'timeout', message: 'openai: request timed out', cause: error };
  }
  if (error instanceof APIError && error.status !== undefined) {
    // No `cause` here: the server's error text can echo a masked API key, and causes end up in logs sooner or later.
    const code = typeof error.code === 'string' ? ` (${error.code})` : '';
    return { kind: 'error', message: `openai: HTTP ${error.status}${code}` };
  }
  return { kind: 'error', message: 'openai: request failed', cause: error };
}
