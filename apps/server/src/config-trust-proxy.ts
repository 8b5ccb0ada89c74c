import { isIP } from 'node:net';

/** TRUST_PROXY's forms (config.ts): a hop count, or a list of addresses and CIDR ranges. */

const HOP_COUNT = /^[1-9]\d{0,1}$/;

export function isTrustProxy(value: string): boolean {
  if (HOP_COUNT.test(value)) return true;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
}

export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (HOP_COUNT.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
