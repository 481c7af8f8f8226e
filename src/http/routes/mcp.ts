// The MCP endpoint on the API app: POST /mcp (streamable HTTP, stateless), behind the same bearer auth as /v1.
import type { Hono } from 'hono';
import type { Logger } from '../../core/logger.ts';
import { handleMcpRequest } from '../../mcp/handler.ts';
import type { MemoryService } from '../../services/memories.ts';
import type { RecallService } from '../../services/recall.ts';
import { type Authenticate, requirePrincipal } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { limitBody } from '../middleware.ts';

export interface McpRouteDeps {
  memories: MemoryService;
  recall: RecallService;
  authenticate: Authenticate;
  logger: Logger;
  maxBodyBytes: number;
}

export function registerMcpRoute(app: Hono<AppEnv>, deps: McpRouteDeps): void {
  app.use('/mcp', limitBody(deps.maxBodyBytes), requirePrincipal(deps.authenticate));
  app.post('/mcp', (c) =>
    handleMcpRequest(
      c.req.raw,
      { principal: c.get('principal'), memories: deps.memories, recall: deps.recall, logger: deps.logger },
      { maxBodyBytes: deps.maxBodyBytes },
    ),
  );
  // Stateless server: no SSE stream to open (GET) and no session to end (DELETE). 405 is what the transport
  // spec asks for, and what the SDK's client expects.
  app.all('/mcp', (c) => {
    c.header('allow', 'POST');
    return c.json(
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless' },
        id: null,
      },
      405,
    );
  });
}
