import { ADDRESS_DISPLAY_CHARS } from './constants.ts';

/** First 4 characters, an ellipsis, last 4; the whole address when it is 10 characters or fewer. */
export function formatAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, ADDRESS_DISPLAY_CHARS)}...${address.slice(-ADDRESS_DISPLAY_CHARS)}`;
}

/** Replit-hosted previews are not supported: the app shows a banner there instead. */
export function isReplitHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    /(^|\.)(replit\.(dev|app|co|com)|repl\.co|repl\.run)$/.test(host) || host.includes('.replit.')
  );
}
