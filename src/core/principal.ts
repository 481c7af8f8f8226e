// Who is calling, once authenticated: the tenant, the rights, and (for end-user JWTs) the one subject reachable.

export const SCOPES = ['memories:read', 'memories:write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Principal {
  kind: 'api_key' | 'jwt';
  tenantId: string;
  scopes: readonly string[];
  /** For audit events: `api_key:<id>` or `jwt:<sub>`. */
  actor: string;
  /** Set for end-user callers (Supabase JWT): the only subject they may read or write. */
  subject?: string | undefined;
}
