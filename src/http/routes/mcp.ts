// The MCP endpoint on the API app: POST /mcp (streamable HTTP, stateless), behind the same bearer auth as /v1.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { JsonRpcSchema } from '../../contract/index.ts';
import type { Logger } from '../../core/logger.ts';
import { handleMcpRequest } from '../../mcp/handler.ts';
import type { IngestService } from '../../services/ingest.ts';
import type { MemoryService } from '../../services/memories.ts';
import type { RecallService } from '../../services/recall.ts';
import { type Authenticate, requirePrincipal } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { limitBody } from '../middleware.ts';
import { mcpRequestExample, mcpResponseExample } from '../openapi-examples.ts';

/** What the MCP endpoint needs: the services its tools call, the authenticator and the body limit. */
export interface McpRouteDeps {
  memories: MemoryService;
  recall: RecallService;
  ingest: IngestService;
  authenticate: Authenticate;
  logger: Logger;
  maxBodyBytes: number;
}

/** Registers POST /mcp behind the bearer auth, 405 for its other methods, and documents it in /openapi.json. */
export function registerMcpRoute(app: OpenAPIHono<AppEnv>, deps: McpRouteDeps): void {
  // Documented in the OpenAPI registry; served by the SDK's transport, which reads the body itself.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/mcp',
    summary:
      'Model Context Protocol over streamable HTTP (stateless, JSON answers): tools remember, recall, forget, list_memories, ingest',
    description:
      'The Model Context Protocol endpoint for agents: JSON-RPC requests (initialize, tools/list, tools/call) answered as JSON, with the same bearer auth and scopes as /v1. Stateless, so GET and DELETE are a 405; a notification is a 202 with no body.',
    request: {
      body: {
        content: { 'application/json': { schema: JsonRpcSchema, example: mcpRequestExample } },
        required: true,
      },
    },
    responses: {
      200: {
        content: { 'application/json': { schema: JsonRpcSchema, example: mcpResponseExample } },
        description: 'JSON-RPC response',
      },
      202: { description: 'Notification accepted' },
      401: { description: 'Missing or bad credentials' },
      405: { description: 'GET and DELETE: this server keeps no sessions' },
    },
  });
  app.use('/mcp', limitBody(deps.maxBodyBytes), requirePrincipal(deps.authenticate));
  app.post('/mcp', (c) =>
    handleMcpRequest(
      c.req.raw,
      {
        principal: c.get('principal'),
        memories: deps.memories,
        recall: deps.recall,
        ingest: deps.ingest,
        logger: deps.logger,
      },
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
