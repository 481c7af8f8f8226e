// `engram erase --tenant NAME [--subject S] --yes`: erase one subject of a tenant, or the whole tenant
// (memories, vectors, audit trail, API keys). Irreversible, hence --yes.
import type { EngramConfig } from '../../config/index.ts';
import { type SubjectErasure, SubjectSchema, type TenantErasure } from '../../contract/index.ts';
import type { MemoryStore } from '../../ports/store.ts';
import { parseFlags, UsageError } from '../args.ts';
import { COMMAND_HELP } from '../usage.ts';
import { withStore } from '../with-store.ts';

const USAGE = COMMAND_HELP.erase.usage;

export interface EraseRequest {
  tenant: string;
  subject?: string | undefined;
}

export function parseEraseFlags(argv: string[]): EraseRequest {
  const { positionals, values } = parseFlags(argv, {
    tenant: { type: 'string' },
    subject: { type: 'string' },
    yes: { type: 'boolean', default: false },
  });
  if (positionals.length > 0 || !values.tenant) throw new UsageError(USAGE);
  if (values.subject !== undefined && !SubjectSchema.safeParse(values.subject).success) {
    throw new UsageError(`--subject is not a valid subject\n${USAGE}`);
  }
  if (!values.yes) throw new UsageError(`erasure cannot be undone: add --yes to confirm\n${USAGE}`);
  return { tenant: values.tenant, subject: values.subject };
}

/** Erases what the request names and prints the counts and the receipt (never the subject's content). */
export async function eraseAndReport(
  store: MemoryStore,
  request: EraseRequest,
  say: (line: string) => void,
): Promise<SubjectErasure | TenantErasure> {
  const tenantId = await store.withOperator((op) => op.findTenant(request.tenant));
  if (!tenantId) throw new UsageError(`no tenant named ${request.tenant}`);
  if (request.subject !== undefined) {
    const subject = request.subject;
    const { erased, receipt_id } = await store.withTenant({ tenantId, actor: 'cli' }, (tx) =>
      tx.eraseSubject(subject),
    );
    say(
      `erased ${erased.memories} memories and ${erased.embeddings} vectors; ${erased.audit_events_redacted} audit events redacted; receipt ${receipt_id}`,
    );
    return { erased, receipt_id };
  }
  const result = await store.withOperator((op) => op.eraseTenant(tenantId));
  if (!result) throw new UsageError(`no tenant named ${request.tenant}`);
  const { erased } = result;
  say(
    `erased tenant ${tenantId}: ${erased.memories} memories, ${erased.embeddings} vectors, ${erased.audit_events} audit events, ${erased.api_keys} API keys; receipt ${result.receipt_id}`,
  );
  return result;
}

export async function eraseCommand(
  config: EngramConfig,
  argv: string[],
  say: (line: string) => void,
): Promise<void> {
  const request = parseEraseFlags(argv);
  await withStore(config, (store) => eraseAndReport(store, request, say));
}
