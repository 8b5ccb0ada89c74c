import { decodeTransaction, type Signer } from '@dum/chain';
import bs58 from 'bs58';
import http from 'node:http';

/**
 * What the end-to-end benchmarks (bench:vaults, bench:messages) say to a running server and its
 * cluster, as a client would: JSON-RPC calls, API posts, a wallet's sign-in, a wallet's
 * signature of a transaction the server built, a transfer's confirmation.
 */

/**
 * Kept-alive connections, one per request in flight. The client shares the machine's two cores
 * with the server and PostgreSQL it measures: global fetch cost bench:messages about 0.6 ms of
 * CPU a message (three quarters of a core at 1,300 messages/s), node:http a fraction of that.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** Closes the kept-alive connections (a bench whose server keeps running until exit). */
export function closeApiConnections(): void {
  agent.destroy();
}

/** POSTs `body` as JSON to an http:// URL and answers the status and the parsed answer. */
function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null });
          } catch (error) {
            reject(
              new Error(`${url}: ${response.statusCode} answered no JSON: ${text.slice(0, 200)}`, {
                cause: error,
              }),
            );
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const { json } = await postJson(url, { jsonrpc: '2.0', id: 1, method, params });
  const body = json as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function api(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  return postJson(base + path, body, token ? { authorization: `Bearer ${token}` } : {});
}

export async function signIn(base: string, wallet: Signer): Promise<string> {
  const challenge = await api(base, '/api/auth/challenge', {
    address: wallet.address,
    chain: 'solana',
  });
  if (challenge.status !== 200) throw new Error(`challenge failed: ${challenge.status}`);
  const message = (challenge.json as { messageToSign: string }).messageToSign;
  const verify = await api(base, '/api/auth/verify', {
    address: wallet.address,
    message,
    signature: bs58.encode(wallet.sign(Buffer.from(message, 'utf8'))),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status}`);
  return (verify.json as { accessToken: string }).accessToken;
}

export async function waitConfirmed(rpcUrl: string, signature: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { value } = await rpc<{
      value: ({ confirmationStatus: string | null; err: unknown } | null)[];
    }>(rpcUrl, 'getSignatureStatuses', [[signature]]);
    const status = value[0];
    if (status?.err) throw new Error(`transfer failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('transfer not confirmed');
}

/**
 * Signs a base64 wire transaction that the server built for `signer` (an action's answer: the
 * signer pays the fee and is its only signer) as a wallet does, keeping its blockhash; answers it
 * signed, base64, for sendTransaction.
 */
export function signWireTransaction(signer: Signer, transaction: string): string {
  const bytes = Buffer.from(transaction, 'base64');
  const { message, messageBytes } = decodeTransaction(bytes);
  if (
    message.header.numRequiredSignatures !== 1 ||
    message.staticAccountKeys[0] !== signer.address
  ) {
    throw new Error('the transaction is not for this wallet alone to sign');
  }
  // One signature: its compact-u16 count is the first byte, its slot the next 64.
  bytes.set(signer.sign(messageBytes), 1);
  return bytes.toString('base64');
}
