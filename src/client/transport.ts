// One HTTP call of the client: URL and headers, the abort signal, the error envelope turned into EngramError,
// and retries with backoff for the calls that may safely be repeated.
// The one status-to-code table, shared with the server (a module without imports: it runs wherever the client runs).
import { codeForStatus, isErrorCode } from '../contract/error-codes.ts';
import { EngramError, type EngramErrorCode } from './errors.ts';
import { backoffDelay, isRetryableStatus, type RetryPolicy, sleep } from './retry.ts';

/** A fetch-compatible function (the global one, a test double, a Worker's service binding...). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What every call of one client shares. */
export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  policy: RetryPolicy;
  random?: () => number;
}

/** One logical call: the request, whether it may be retried, and its signal. */
export interface CallSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Only calls that can be repeated without a second effect are retried (reads, idempotent or keyed writes). */
  retryable: boolean;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** `ndjson`: the body is JSON lines (the subject export), parsed into an array. Default one JSON value. */
  response?: 'json' | 'ndjson';
}

/** The code for a status when the body is not the API's envelope (a proxy's HTML page, an empty 502...). */
function codeOfStatus(status: number): EngramErrorCode {
  return codeForStatus(status) ?? (status >= 500 ? 'internal' : 'invalid_response');
}

/** Turns a non-2xx answer into an EngramError, from the envelope when there is one. */
export async function errorFromResponse(response: Response): Promise<EngramError> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
    const error = body.error;
    if (error && isErrorCode(error.code)) {
      return new EngramError(error.code, String(error.message ?? error.code), {
        status: response.status,
        ...(error.details && typeof error.details === 'object'
          ? { details: error.details as Record<string, unknown> }
          : {}),
        ...(requestId ? { requestId } : {}),
      });
    }
  } catch {
    // Not JSON: fall through to the status.
  }
  return new EngramError(codeOfStatus(response.status), `HTTP ${response.status}`, {
    status: response.status,
    ...(requestId ? { requestId } : {}),
  });
}

/** One JSON value per non-empty line. */
function parseJsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function urlOf(baseUrl: string, path: string, query: CallSpec['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** Sends one logical call (one or more attempts) and returns the parsed JSON body. */
export async function call<T>(config: TransportConfig, spec: CallSpec): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${config.apiKey}`,
  };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  if (spec.idempotencyKey) headers['idempotency-key'] = spec.idempotencyKey;
  const url = urlOf(config.baseUrl, spec.path, spec.query);
  const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const maxRetries = spec.retryable ? config.policy.retries : 0;

  for (let attempt = 0; ; attempt++) {
    spec.signal?.throwIfAborted();
    let response: Response;
    try {
      response = await config.fetch(url, {
        method: spec.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(spec.signal ? { signal: spec.signal } : {}),
      });
    } catch (error) {
      // An abort is the caller's decision: surface it as is, never as a network failure to retry.
      if (spec.signal?.aborted) throw spec.signal.reason;
      if (attempt < maxRetries) {
        await sleep(backoffDelay(attempt, config.policy, config.random), spec.signal);
        continue;
      }
      throw new EngramError('network_error', 'no answer from the Engram server', { cause: error });
    }
    if (response.ok) {
      try {
        if (spec.response === 'ndjson') return parseJsonLines(await response.text()) as T;
        return (await response.json()) as T;
      } catch (error) {
        if (spec.signal?.aborted) throw spec.signal.reason;
        throw new EngramError('invalid_response', 'the answer is not JSON', {
          status: response.status,
          cause: error,
        });
      }
    }
    const error = await errorFromResponse(response);
    if (attempt < maxRetries && isRetryableStatus(response.status)) {
      await sleep(backoffDelay(attempt, config.policy, config.random), spec.signal);
      continue;
    }
    throw error;
  }
}
