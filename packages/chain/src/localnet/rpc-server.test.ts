import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalChain } from './local-chain.ts';
import type { RpcHandler } from './rpc-methods.ts';
import { startRpcServer, type RpcServer } from './rpc-server.ts';
import { SubscriptionHub } from './subscriptions.ts';

let chain: LocalChain;
let hub: SubscriptionHub;
let server: RpcServer;
const received: string[] = [];

/** Echoes what it was given, with a non-ASCII character to tell bytes from characters. */
const rpc: RpcHandler = {
  methods: new Set(),
  handleText(body) {
    received.push(body);
    return Promise.resolve(JSON.stringify({ jsonrpc: '2.0', result: `é ${body.length}`, id: 1 }));
  },
  call: () => Promise.reject(new Error('unused')),
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function exchange(method: string, path: string, chunks: (string | Buffer)[] = []): Promise<Answer> {
  const url = new URL(server.rpcUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

beforeAll(async () => {
  chain = LocalChain.open({ dataDir: null });
  hub = new SubscriptionHub(chain);
  server = await startRpcServer({ rpc, subscriptions: hub, port: 0 });
});

afterAll(async () => {
  await server.close();
  hub.close();
  await chain.close();
});

describe('the JSON-RPC HTTP server', () => {
  it('answers a POST in one piece with its length in bytes, readable from any origin', async () => {
    const answer = await exchange('POST', '/', ['{"jsonrpc":"2.0","id":1,"method":"getSlot"}']);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', result: 'é 43', id: 1 });
    expect(answer.headers.connection).toBe('keep-alive');
  });

  it('joins a body that arrives in several chunks, multi-byte characters split across them', async () => {
    const body = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"x","params":["ééé"]}');
    const split = body.indexOf(0xa9); // inside the first é
    received.length = 0;
    const answer = await exchange('POST', '/', [body.subarray(0, split), body.subarray(split)]);
    expect(answer.status).toBe(200);
    expect(received).toEqual([body.toString('utf8')]);
  });

  it('answers CORS preflights with what a browser needs to POST JSON-RPC', async () => {
    const answer = await exchange('OPTIONS', '/');
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, solana-client',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-max-age': '86400',
    });
  });

  it('serves /health, refuses other methods, and bodies over 2 MB', async () => {
    expect(await exchange('GET', '/health')).toMatchObject({ status: 200, body: 'ok' });
    expect(await exchange('GET', '/')).toMatchObject({ status: 405 });
    const big = await exchange('POST', '/', [Buffer.alloc(2 * 1024 * 1024 + 1, 0x20)]).catch(
      (error: unknown) => error,
    );
    // Either the 413 arrives first, or the server closes the socket while the body is sent.
    if (big instanceof Error) expect(big.message).toMatch(/EPIPE|ECONNRESET|socket hang up/);
    else expect((big as Answer).status).toBe(413);
  });
});
