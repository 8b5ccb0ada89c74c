/**
 * The ceiling for bench:feed: a bare node:http server answering every request with one fixed
 * JSON body (the app's own first page, read from BENCH_BODY_FILE), in its own process like the
 * app. Prints `{"port":N}` once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const path = process.env.BENCH_BODY_FILE;
if (!path) throw new Error('BENCH_BODY_FILE is not set');
const body = readFileSync(path);
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
