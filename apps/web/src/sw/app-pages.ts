/**
 * Paths the server answers itself rather than with the app: the API, uploaded media, the
 * chain's JSON-RPC proxy, the sockets, metrics, Solana Actions' actions.json and the built files.
 */
const SERVER_PATHS = /^\/(api|media|rpc|socket|metrics|assets)(\/|$)|^\/actions\.json$/;

/** A last path segment with a dot in it names a file (robots.txt, sw.js, idl/*.json). */
const FILE = /\.[^/]*$/;

/**
 * Whether a navigation to this path is one of the app's pages, which the service worker answers
 * with the app shell (offline too). Anything else goes to the network untouched.
 */
export function isAppPage(pathname: string): boolean {
  return !SERVER_PATHS.test(pathname) && !FILE.test(pathname);
}
