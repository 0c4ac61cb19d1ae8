// A small local load balancer for the scale-out harnesses (issue 14): each HTTP request and each
// WebSocket upgrade goes to the next backend in turn, as a round-robin proxy in front of several
// processes would send it. It appends the client's address to X-Forwarded-For (like nginx's
// $proxy_add_x_forwarded_for), so with TRUST_PROXY=127.0.0.1 the backends count limits on the
// address the client claimed, which is how a test plays many clients from one machine.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';

export type RoundRobinProxy = {
  /** http://127.0.0.1:port */
  url: string;
  /** Requests and upgrades sent to each backend so far, in the order the backends were given. */
  counts(): number[];
  /** Every socket upgrade so far: the client's own X-Forwarded-For and the backend (index) it went to. */
  upgrades(): { client: string; backend: number }[];
  close(): Promise<void>;
};

function forwardedFor(request: http.IncomingMessage): string {
  const previous = request.headers['x-forwarded-for'];
  const client = request.socket.remoteAddress ?? '';
  return previous ? `${String(previous)}, ${client}` : client;
}

export async function startRoundRobinProxy(backends: { port: number }[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const counts = backends.map(() => 0);
  const upgrades: { client: string; backend: number }[] = [];
  /** Backends in the order to try: the next in turn first, then the others (a refused connect fails over). */
  const order = () => {
    const first = turn++ % backends.length;
    return backends.map((_, offset) => (first + offset) % backends.length);
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (candidates: number[]) => {
        const index = candidates[0]!;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backends[index]!.port,
            // A connection per request, as nginx opens to its upstreams by default: none is reused
            // while its backend is shutting down.
            agent: false,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request) },
          },
          (answer) => {
            counts[index]! += 1;
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Like nginx's proxy_next_upstream: a backend that refuses the connection is skipped.
          if (error.code === 'ECONNREFUSED' && candidates.length > 1) return attempt(candidates.slice(1));
          if (!response.headersSent) response.writeHead(502);
          response.end();
        });
        upstream.end(body);
      };
      attempt(order());
    });
  });
  // An upgrade is piped as raw bytes: the request head rewritten, then both ways untouched.
  server.on('upgrade', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const headers = { ...request.headers, 'x-forwarded-for': forwardedFor(request) };
    const lines = Object.entries(headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value ?? '']).map((entry) => `${name}: ${entry}`),
    );
    client.on('error', () => client.destroy());
    const attempt = (candidates: number[]) => {
      const index = candidates[0]!;
      let connected = false;
      const upstream = net.connect(backends[index]!.port, '127.0.0.1', () => {
        connected = true;
        counts[index]! += 1;
        upgrades.push({ client: String(request.headers['x-forwarded-for'] ?? ''), backend: index });
        upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      upstream.on('error', () => {
        if (!connected && candidates.length > 1) attempt(candidates.slice(1));
        else client.destroy();
      });
    };
    attempt(order());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts: () => [...counts],
    upgrades: () => [...upgrades],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
