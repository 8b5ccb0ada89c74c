import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which push endpoints the server sends to. A subscription's endpoint is a URL a browser chose,
 * but a client may post any URL: without this, the server would make requests into its own
 * network on a stranger's behalf (SSRF). In production only https on a public address passes;
 * with `allowLoopbackHttp` (development and tests) http and https on 127.0.0.1 pass too, so a
 * local push service works.
 */
export interface EndpointPolicy {
  allowLoopbackHttp: boolean;
}

/** Where a request may go: the URL and the one address checked, which the send connects to. */
export interface CheckedEndpoint {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Address ranges that are not the public internet (loopback, private, link-local, ULA, ...). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = new BlockList();
MAPPED_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (::ffff:7f00:1 is 127.0.0.1): never a push service's address. Its own
  // list, as a BlockList matches IPv4 addresses against a mapped subnet too.
  if (family === 6 && MAPPED_IPV4.check(address, 'ipv6')) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves a host name (or takes a literal address); null when it does not resolve. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The endpoint's URL and the address to connect to, or null when it may not be sent to. Every
 * address the name resolves to must be public (one private answer refuses it), so a name that
 * answers both cannot steer a later connection inwards; the send connects to the address checked
 * here, not to a second lookup.
 */
export async function checkEndpoint(
  endpoint: string,
  policy: EndpointPolicy,
  resolve: Resolve = systemResolve,
): Promise<CheckedEndpoint | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (policy.allowLoopbackHttp && host === '127.0.0.1') {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { url, address: host, family: 4 };
  }
  if (url.protocol !== 'https:') return null;
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return null;
  }
  const first = addresses[0];
  if (!first || !addresses.every((entry) => isPublicAddress(entry.address))) return null;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
