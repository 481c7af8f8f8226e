// Tenant administration: create a tenant with its first API key; find or create the embedded default tenant.
import { AppError } from '../core/errors.ts';
import type { PiiPolicy } from '../gate/index.ts';
import type { MemoryStore } from '../ports/store.ts';
import { issueApiKey, keyFingerprint } from './api-keys.ts';

export function createTenantService(store: MemoryStore) {
  return {
    /** Creates a tenant and its first key (memories:read and write). A taken name is a 409 conflict. */
    async createTenant(
      name: string,
    ): Promise<{ tenant: { id: string; name: string }; api_key: string; api_key_id: string }> {
      const id = await store.withOperator((op) => op.createTenant(name));
      const apiKey = await issueApiKey(store, id);
      // The public id is what revocation takes (POST /v1/admin/keys/{id}/revoke, `engram keys revoke`).
      const { keyId } = await keyFingerprint(apiKey);
      return { tenant: { id, name }, api_key: apiKey, api_key_id: keyId };
    },

    /** Sets a tenant's PII policy (validated by PiiPolicySchema at the edge); 404 when there is no such tenant. */
    async setPiiPolicy(
      tenantId: string,
      policy: PiiPolicy,
    ): Promise<{ tenant_id: string; pii_policy: PiiPolicy }> {
      const found = await store.withOperator((op) =>
        op.setTenantPiiPolicy(tenantId, policy as Record<string, string>),
      );
      if (!found) throw new AppError('not_found', 'tenant not found');
      return { tenant_id: tenantId, pii_policy: policy };
    },

    async findOrCreateTenant(name: string): Promise<{ id: string; created: boolean }> {
      return store.withOperator(async (op) => {
        const existing = await op.findTenant(name);
        return existing
          ? { id: existing, created: false }
          : { id: await op.createTenant(name), created: true };
      });
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
