/**
 * A JSON-RPC responder that does no chain work, for bench:chain's "client ceiling" path: it
 * answers `sendTransaction` at once with the transaction's signature and `getSignatureStatuses`
 * with every signature finalized, in the localnet's response shapes (see
 * packages/chain/src/localnet/rpc-methods/). Run as its own process, it shows how many transfers
 * a web3.js client can send and confirm on this machine when the server costs next to nothing,
 * which bounds every ratio the real localnet can reach.
 *
 * Prints `{"rpcUrl": ...}` on stdout once listening (as `localnet-main.ts` does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';

interface Request {
  id: unknown;
  method: string;
  params?: unknown[];
}

function answer(request: Request): unknown {
  if (request.method === 'sendTransaction') {
    const [encoded] = (request.params ?? []) as [string];
    // Wire layout: a compact-u16 signature count (1 byte below 128), then the 64-byte signatures.
    return bs58.encode(Buffer.from(encoded, 'base64').subarray(1, 65));
  }
  if (request.method === 'getSignatureStatuses') {
    const [signatures] = (request.params ?? []) as [string[]];
    return {
      context: { apiVersion: '2.2.0', slot: 1 },
      value: signatures.map(() => ({
        slot: 1,
        confirmations: null,
        err: null,
        status: { Ok: null },
        confirmationStatus: 'finalized',
      })),
    };
  }
  return null;
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request;
    const body = JSON.stringify({ jsonrpc: '2.0', id: request.id, result: answer(request) });
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
// As the localnet's (rpc-server.ts). With Node's default of 5 s, the bench's other paths keep this
// client's sockets idle for longer than that between its rounds on a slow machine, and a request
// sent on a socket the responder is closing fails with "socket hang up".
server.keepAliveTimeout = 65_000;

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ rpcUrl: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
