// Runs PGlite (PostgreSQL compiled to WebAssembly) on its own thread and serves it over the
// PostgreSQL wire protocol on a Unix socket, so the server talks to it through `pg` exactly as
// it talks to a real PostgreSQL, and no query ever blocks the request thread.
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader under every runner.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, initialData, wasmModule, fsBundle } = workerData;
// Compiled and read once by the process (pglite-assets.ts), shared by all its PGlites.
const assets = { pgliteWasmModule: wasmModule, fsBundle: new Blob([fsBundle]) };

let db;
let server;
try {
  if (dataDir) db = await PGlite.create({ dataDir, ...assets });
  else if (initialData)
    db = await PGlite.create({ loadDataDir: new Blob([initialData]), ...assets });
  else db = await PGlite.create(assets);
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
}

parentPort.on('message', async (message) => {
  if (message?.type === 'dump') {
    // The whole cluster as a tarball, for another PGlite to start from (the tests' template).
    try {
      const file = await db.dumpDataDir('none');
      const bytes = new Uint8Array(await file.arrayBuffer());
      parentPort.postMessage({ type: 'dumped', bytes }, [bytes.buffer]);
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) });
    }
    return;
  }
  if (message?.type !== 'stop') return;
  try {
    await server?.stop();
    await db?.close();
  } finally {
    parentPort.postMessage({ type: 'stopped' });
  }
});
