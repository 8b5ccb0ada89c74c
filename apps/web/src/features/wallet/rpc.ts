/**
 * A minimal JSON-RPC call to the cluster (through the server's /rpc on the localnet). Plain
 * fetch keeps the Solana client libraries out of the first-load bundle.
 */
export async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  const error = /"error"\s*:\s*\{[^}]*"message"\s*:\s*"([^"]*)"/.exec(text);
  if (error) throw new Error(error[1]);
  return text;
}

/**
 * SOL balance in lamports at confirmed commitment. The value is read from
 * the response text as an integer: no floating point on the way to a bigint.
 */
export async function getSolBalance(rpcUrl: string, address: string): Promise<bigint> {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a JSON-RPC method name
  const text = await rpcCall(rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }]);
  const match = /"value"\s*:\s*(\d+)/.exec(text);
  if (!match?.[1]) throw new Error('Unexpected getBalance response');
  return BigInt(match[1]);
}

export async function getLatestBlockhash(rpcUrl: string): Promise<string> {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a JSON-RPC method name
  const text = await rpcCall(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const match = /"blockhash"\s*:\s*"([1-9A-HJ-NP-Za-km-z]+)"/.exec(text);
  if (!match?.[1]) throw new Error('Unexpected getLatestBlockhash response');
  return match[1];
}
