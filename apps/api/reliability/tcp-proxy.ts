import net from 'node:net';

/**
 * A TCP proxy between the API and PostgreSQL that the outage test can cut and restore, so the real
 * server (shared with others) is never stopped. Cut: open connections are destroyed and new ones refused.
 * With delayMs, a slow link: each chunk is passed on that much later in either direction.
 */
export async function tcpProxy(target: { host: string; port: number }, options: { delayMs?: number } = {}) {
  const delayMs = options.delayMs ?? 0;
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        if (!delayMs) client.pipe(upstream).pipe(client);
        else {
          // A slow link: every chunk arrives delayMs late, in order.
          const forward = (from: net.Socket, to: net.Socket) => {
            from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
            from.on('end', () => setTimeout(() => to.end(), delayMs));
          };
          forward(client, upstream);
          forward(upstream, client);
        }
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    restore: listen,
    close() {
      for (const socket of sockets) socket.destroy();
      server?.close();
    },
  };
}
