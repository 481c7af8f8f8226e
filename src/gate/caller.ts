// Who is writing: the authenticated caller's kind and scopes, as the HTTP layer established them.

/** How the caller authenticated: a tenant API key, an end-user JWT, or the operator key. */
export type CallerAuth = 'api_key' | 'jwt' | 'operator';

/** The caller's rights, established by authentication; the gate never reads them from the request body. */
export interface CallerContext {
  auth: CallerAuth;
  scopes: readonly string[];
}
