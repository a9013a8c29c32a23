import net from 'node:net';

/** A TCP port nobody listens on right now (the system picks it; closed again before it is returned). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * Two ports in a row, both free now: the portal's PORT and the sandbox processor's PORT+1, as an operator's
 * 3000 and 3001 — without depending on those two being free on the machine.
 */
export async function adjacentPorts(): Promise<[number, number]> {
  for (;;) {
    const port = await freePort();
    const next = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => {
        resolve(false);
      });
      server.listen(port + 1, '0.0.0.0', () => {
        server.close(() => {
          resolve(true);
        });
      });
    });
    if (next && port < 65_000) return [port, port + 1];
  }
}

/** Resolves once something accepts TCP connections on host:port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (open) return;
    if (Date.now() > deadline)
      throw new Error(`nothing listens on ${host}:${String(port)} after ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
