// `engram keys create --tenant NAME [--scopes a,b] [--name LABEL]`: issue an API key for a tenant (created if new).
// `engram keys revoke KEY_ID`: revoke a key by its public id; requests with it fail from then on.
import type { EngramConfig } from '../../config/index.ts';
import { SCOPES } from '../../core/principal.ts';
import { issueApiKey, keyFingerprint, revokeApiKey } from '../../services/api-keys.ts';
import { createTenantService } from '../../services/tenants.ts';
import { parseFlags, UsageError } from '../args.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

export async function keysCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const { positionals, values } = parseFlags(argv, {
    tenant: { type: 'string' },
    scopes: { type: 'string', default: 'memories:read,memories:write' },
    name: { type: 'string', default: 'cli' },
  });
  if (positionals[0] === 'revoke') return revokeCommand(config, positionals[1], say);
  if (positionals[0] !== 'create' || !values.tenant) throw new UsageError(COMMAND_HELP.keys.usage);
  const scopes = values.scopes.split(',').map((s) => s.trim());
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new UsageError(`unknown scopes: ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  const name = values.tenant;
  await withStore(config, async (store) => {
    const tenant = await createTenantService(store).findOrCreateTenant(name);
    const key = await issueApiKey(store, tenant.id, { scopes, name: values.name });
    say(`${tenant.created ? 'created tenant' : 'tenant'} ${name} (${tenant.id})`);
    say(`API key (shown once): ${key}`);
    say(`key id (for revocation): ${(await keyFingerprint(key)).keyId}`);
  });
}

async function revokeCommand(
  config: EngramConfig,
  keyId: string | undefined,
  say: (line: string) => void,
): Promise<void> {
  if (!keyId || !/^[A-Za-z0-9]{8,32}$/.test(keyId))
    throw new UsageError('usage: engram keys revoke KEY_ID (the id printed by engram keys create)');
  await withStore(config, async (store) => {
    if (!(await revokeApiKey(store, keyId))) throw new UsageError(`no API key with id ${keyId}`);
    say(`revoked API key ${keyId}`);
  });
}
