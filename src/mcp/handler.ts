// The MCP endpoint as a Web-standard handler (Request in, Response out) so that the Node server and the Worker
// serve it alike: stateless streamable HTTP, one MCP server and transport per request, JSON answers.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { registerEngramTools, type ToolContext } from './tools.ts';

/** The name and version the server reports in the MCP handshake. */
export const MCP_SERVER_INFO = { name: 'engram', version: '1.0.0' } as const;

export interface McpHandlerOptions {
  /** Largest accepted JSON-RPC body, in bytes. */
  maxBodyBytes: number;
}

/**
 * Answers one MCP request for an authenticated caller. Stateless: no session id, nothing kept between requests
 * (Workers keep no memory between requests either), and JSON responses instead of SSE streams.
 */
export async function handleMcpRequest(
  request: Request,
  ctx: ToolContext,
  options: McpHandlerOptions,
): Promise<Response> {
  // Ajv (the SDK's default validator) compiles schemas with `new Function`, which Workers forbid; the
  // @cfworker/json-schema one interprets them. The server only uses it for elicitation, which Engram never sends.
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  registerEngramTools(server, ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: options.maxBodyBytes,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // JSON mode: the answer is complete once handleRequest resolves.
    await server.close();
  }
}
