// The MCP tools of Engram (remember, recall, forget, list_memories, ingest): inputs validated by the API contract's own
// zod schemas, the scope each tool needs checked once per call, work done by the same services, answers shaped
// like the API's JSON.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { requireScope } from '../access/index.ts';
import {
  ForgetInputSchema,
  IngestRequestSchema,
  IngestResponseSchema,
  ListQuerySchema,
  ListResponseSchema,
  MemoryInputSchema,
  RecallRequestSchema,
  RecallResponseSchema,
  RememberResponseSchema,
  RevokeResponseSchema,
} from '../contract/index.ts';
import { AppError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';
import type { Principal, Scope } from '../core/principal.ts';
import type { IngestService } from '../services/ingest.ts';
import { listFilterOf, type MemoryService } from '../services/memories.ts';
import type { RecallService } from '../services/recall.ts';
import { rememberAnswer } from '../services/remember-answer.ts';

/** One request's caller and the services the tools call for it. */
export interface ToolContext {
  principal: Principal;
  memories: MemoryService;
  recall: RecallService;
  ingest: IngestService;
  logger: Logger;
}

/**
 * A tool answer: a short text for the model plus the API's JSON as structured content, parsed by the tool's output
 * schema. Parsing drops fields the schema does not declare (the SDK's client checks the published JSON schema,
 * which forbids additional properties).
 */
function answer<T extends z.ZodType>(text: string, schema: T, structured: unknown): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    structuredContent: schema.parse(structured) as Record<string, unknown>,
  };
}

/**
 * Runs a tool body once the caller is known to hold `scope` (the tool's, as the route table has it for the same
 * HTTP operation); an AppError becomes a tool error carrying its code, anything else a bare "internal error"
 * (the SDK would otherwise put the raw message, which may quote the database, into the answer).
 */
async function guarded(
  ctx: ToolContext,
  tool: string,
  scope: Scope,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    requireScope(ctx.principal, scope);
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      const codes = error.code === 'rejected_by_gate' ? reasonCodes(error.details) : '';
      return { content: [{ type: 'text', text: `${error.code}: ${error.message}${codes}` }], isError: true };
    }
    ctx.logger.error('mcp.tool_failed', {
      tool,
      error_type: error instanceof Error ? error.name : typeof error,
    });
    return { content: [{ type: 'text', text: 'internal: internal error' }], isError: true };
  }
}

function reasonCodes(details: Record<string, unknown> | undefined): string {
  const reasons = (details?.reasons as { code?: unknown }[] | undefined) ?? [];
  const codes = reasons.map((r) => String(r.code)).filter(Boolean);
  return codes.length > 0 ? ` (${codes.join(', ')})` : '';
}

/** Registers the five tools on `server` for one authenticated caller. */
export function registerEngramTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'remember',
    {
      title: 'Remember',
      description:
        'Store one memory about a subject (a user, an agent, a project): a preference, fact, decision, episode, ' +
        'constraint or rule. The write gate refuses secrets and assigns trust; the same content twice is a duplicate.',
      inputSchema: MemoryInputSchema,
      outputSchema: RememberResponseSchema,
    },
    (input) =>
      guarded(ctx, 'remember', 'memories:write', async () => {
        const result = rememberAnswer(await ctx.memories.remember(ctx.principal, input));
        if (result.status === 422) throw result.error;
        const { memory, gate } = result.body;
        const text = `${gate.decision === 'duplicate' ? 'Already remembered' : 'Remembered'} as ${memory.id}.`;
        return answer(text, RememberResponseSchema, { memory, gate });
      }),
  );

  server.registerTool(
    'recall',
    {
      title: 'Recall',
      description:
        'Recall what is known about a subject for a query. Returns a context block to put in the prompt (it cites ' +
        'memory ids) and the ranked items; set explain to see why each item was chosen.',
      inputSchema: RecallRequestSchema,
      outputSchema: RecallResponseSchema,
    },
    (input) =>
      guarded(ctx, 'recall', 'memories:read', async () => {
        const result = await ctx.recall.recall(ctx.principal, input);
        const text = result.context === '' ? 'Nothing relevant is remembered.' : result.context;
        return answer(text, RecallResponseSchema, result);
      }),
  );

  server.registerTool(
    'forget',
    {
      title: 'Forget',
      description:
        'Revoke one memory by id, with a reason. Recall never returns it again (it stays in the audit trail).',
      inputSchema: ForgetInputSchema,
      outputSchema: RevokeResponseSchema,
    },
    ({ id, reason }) =>
      guarded(ctx, 'forget', 'memories:write', async () => {
        const memory = await ctx.memories.revoke(ctx.principal, id, reason);
        return answer(`Revoked ${memory.id}.`, RevokeResponseSchema, { memory });
      }),
  );

  server.registerTool(
    'ingest',
    {
      title: 'Ingest a conversation',
      description:
        'Store conversation turns as episodes and, with extract "auto" (the default), the durable memories the user ' +
        'stated in them (preferences, constraints, facts...), consolidated with what is already known.',
      inputSchema: IngestRequestSchema,
      outputSchema: IngestResponseSchema,
    },
    (input) =>
      guarded(ctx, 'ingest', 'memories:write', async () => {
        const result = await ctx.ingest.ingest(ctx.principal, input);
        const kept = result.extraction.proposals.filter((p) => p.outcome !== 'rejected').length;
        const text = `Stored ${result.items.length} turns; extraction ${result.extraction.status}, ${kept} memories.`;
        return answer(text, IngestResponseSchema, result);
      }),
  );

  server.registerTool(
    'list_memories',
    {
      title: 'List memories',
      description:
        'List memories, newest first, filtered by subject, kind, tag or source URI; pass next_cursor back as cursor.',
      inputSchema: ListQuerySchema,
      outputSchema: ListResponseSchema,
    },
    (query) =>
      guarded(ctx, 'list_memories', 'memories:read', async () => {
        const page = await ctx.memories.list(ctx.principal, listFilterOf(query));
        const more = page.next_cursor ? ' (more after next_cursor)' : '';
        const count = page.items.length === 1 ? '1 memory' : `${page.items.length} memories`;
        // The memories themselves, one a line: a client that reads only the text ("1 memories." told it nothing)
        // sees them too. Content is JSON-quoted: data to read, never instructions.
        const lines = page.items.map(
          (m) => `- ${m.id} [${m.kind}, subject ${JSON.stringify(m.subject)}] ${JSON.stringify(m.content)}`,
        );
        return answer(
          [`${count}${more}${lines.length > 0 ? ':' : '.'}`, ...lines].join('\n'),
          ListResponseSchema,
          page,
        );
      }),
  );
}
