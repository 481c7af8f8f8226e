// `engram keys create --tenant NAME [--scopes a,b] [--name LABEL]`: issue an API key for a tenant (created if new).
import type { EngramConfig } from '../../config.ts';
import { SCOPES } from '../../core/principal.ts';
import { openDatabase } from '../../server/open-database.ts';
import { issueApiKey } from '../../services/api-keys.ts';
import { createTenantService } from '../../services/tenants.ts';
import { createSqlStore } from '../../store/sql-store.ts';
import { parseFlags, UsageError } from '../args.ts';

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
  if (positionals[0] !== 'create' || !values.tenant)
    throw new UsageError(
      'usage: engram keys create --tenant NAME [--scopes memories:read,memories:write,admin] [--name LABEL]',
    );
  const scopes = values.scopes.split(',').map((s) => s.trim());
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new UsageError(`unknown scopes: ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.ENGRAM_DATA_DIR });
  try {
    const store = createSqlStore(db);
    const tenant = await createTenantService(store).findOrCreateTenant(values.tenant);
    const key = await issueApiKey(store, tenant.id, { scopes, name: values.name });
    say(`${tenant.created ? 'created tenant' : 'tenant'} ${values.tenant} (${tenant.id})`);
    say(`API key (shown once): ${key}`);
  } finally {
    await db.close();
  }
}
