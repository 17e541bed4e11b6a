import http from 'node:http';
import type net from 'node:net';

type Backend = { url: URL; ready: boolean; checking: boolean; served: number };

/**
 * A small round-robin HTTP load balancer on loopback, as one in front of the portal would be: it checks
 * each backend's /readyz every checkEveryMs and sends requests only to backends whose last check
 * answered 200. A request it cannot place or forward gets 502 (and counts as failed in the test).
 */
export async function balancer(backends: string[], checkEveryMs = 250) {
  const pool: Backend[] = backends.map((b) => ({
    url: new URL(b),
    ready: false,
    checking: false,
    served: 0,
  }));
  // Connections to the backends are kept alive and reused, as a real balancer's are.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;

  const check = async (backend: Backend) => {
    if (backend.checking) return;
    backend.checking = true;
    try {
      const res = await fetch(new URL('/readyz', backend.url), { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      backend.ready = res.status === 200;
    } catch {
      backend.ready = false;
    } finally {
      backend.checking = false;
    }
  };
  const timer = setInterval(() => {
    for (const backend of pool) void check(backend);
  }, checkEveryMs);
  await Promise.all(pool.map(check));

  const pick = (): Backend | undefined => {
    for (let i = 0; i < pool.length; i++) {
      const backend = pool[(next + i) % pool.length] as Backend;
      if (backend.ready) {
        next = (next + i + 1) % pool.length;
        return backend;
      }
    }
    return undefined;
  };

  const server = http.createServer((request, response) => {
    const backend = pick();
    const fail = (why: string) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain', 'x-balancer': why }).end(why);
    };
    if (!backend) return fail('no ready backend');
    backend.served++;
    const upstream = http.request(
      {
        host: backend.url.hostname,
        port: backend.url.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => fail(`upstream ${backend.url.port}: ${error.message}`));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Whether the last check of the backend at this URL answered 200. */
    isReady: (backendUrl: string) =>
      pool.find((b) => b.url.href === new URL(backendUrl).href)?.ready ?? false,
    /** Requests placed on each backend so far, by port. */
    served: () => Object.fromEntries(pool.map((b) => [b.url.port, b.served])),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
