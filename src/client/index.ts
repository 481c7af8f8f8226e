// Public entry of the client (package subpath `./client`): runs in browsers, Workers and Node 20+.
export {
  type CallOptions,
  createEngramClient,
  type EngramClient,
  type EngramClientOptions,
  type RememberOptions,
} from './client.ts';
export { EngramError, type EngramErrorCode, isEngramError } from './errors.ts';
export { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.ts';
export type { FetchLike } from './transport.ts';
export type * from './types.ts';
