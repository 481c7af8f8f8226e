// Use it from your app: any MCP client (here the official TypeScript SDK) over streamable HTTP at /mcp.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function mcpExample(baseUrl: string, apiKey: string) {
  const client = new Client({ name: 'my-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
    }),
  );
  try {
    const { tools } = await client.listTools(); // remember, recall, forget, list_memories, ingest
    await client.callTool({
      name: 'remember',
      arguments: { subject: 'user-42', kind: 'fact', content: 'User-42 is allergic to peanuts' },
    });
    const recalled = await client.callTool({
      name: 'recall',
      arguments: { subject: 'user-42', query: 'any food allergies?' },
    });
    // content[0].text is the context block; structuredContent holds the ranked items.
    return { tools: tools.map((t) => t.name), recalled };
  } finally {
    await client.close();
  }
}
