import net from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolve(true)));
  });
}

/** A free port whose next `count - 1` ports are free too (the localnet uses port and port + 1). */
export async function freePortRange(count = 1): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const start = 20_000 + Math.floor(Math.random() * 40_000);
    let ok = true;
    for (let i = 0; i < count && ok; i++) ok = await isFree(start + i);
    if (ok) return start;
  }
  throw new Error('no free port range found');
}
