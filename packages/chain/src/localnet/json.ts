/**
 * JSON with bigints written as plain integers, as the Solana RPC does (a lamport amount or
 * rentEpoch can exceed 2^53). Safe integers become numbers; larger ones are spliced in as digits.
 */
const MARKER = '\u0000bigint:';

export function stringifyJson(value: unknown): string {
  // An object, so that the replacer's write is seen after JSON.stringify returns.
  const found = { large: false };
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    if (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER)) {
      return Number(v);
    }
    found.large = true;
    return `${MARKER}${v.toString()}`;
  });
  return found.large ? text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1') : text;
}
