// A WebSocket-to-TCP proxy for tests, the local stand-in for Neon's: the Neon serverless driver speaks the Postgres
// wire protocol over a WebSocket, and this forwards the bytes to an allowlisted TCP address and back.

import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import { type RawData, WebSocketServer } from 'ws';

export interface WsProxy {
  /** What `neonConfig.wsProxy` needs, without a scheme: `127.0.0.1:PORT/v2`. */
  address: string;
  /** Connections opened so far (refused ones not counted). */
  readonly connections: number;
  close(): Promise<void>;
}

/** Starts the proxy on an ephemeral port. Only `allow` targets (default 127.0.0.1:5432) are reachable through it. */
export async function startWsProxy(options: { allow?: readonly string[] } = {}): Promise<WsProxy> {
  const allow = new Set(options.allow ?? ['127.0.0.1:5432']);
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  let connections = 0;
  server.on('connection', (socket, request) => {
    // The driver asks for `/v2?address=host:port`; anything else would make this an open relay.
    const target = new URL(request.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const [host, port] = target.split(':');
    if (!allow.has(target) || !host || !port) return socket.close(1008, 'target not allowed');
    connections += 1;
    const tcp = createConnection({ host, port: Number(port) });
    // Bytes from the driver may arrive before the TCP connection is up: net buffers writes until then.
    socket.on('message', (data: RawData) => tcp.write(data as Buffer));
    tcp.on('data', (chunk) => socket.send(chunk));
    socket.on('close', () => tcp.end());
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close(1011, 'upstream error'));
    socket.on('error', () => tcp.destroy());
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}/v2`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const client of server.clients) client.terminate();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
