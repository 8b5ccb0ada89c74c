import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A compiled `WebAssembly.Module`, opaque here: the server's TypeScript libraries (ES2023 and
 * Node's) do not declare WebAssembly, and nothing here reads the module; a worker receives it.
 */
export type CompiledWasm = object & { readonly compiledWasm: 'WebAssembly.Module' };

const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> };
};

/** What every PGlite of this process starts from, made once and handed to each worker. */
export interface PgliteAssets {
  /** PostgreSQL compiled to WebAssembly, compiled by V8 once. */
  wasmModule: CompiledWasm;
  /** PostgreSQL's share folder (pglite.data), which each PGlite unpacks into its memory. */
  fsBundle: Uint8Array;
}

let loaded: Promise<PgliteAssets> | undefined;

/**
 * PGlite's WebAssembly and files, read and compiled once per process. A PGlite left to itself
 * compiles its 9 MB of WebAssembly again in each worker, and V8 optimises its hot functions
 * again for each copy; a compiled module passed to every worker shares that code. The tests,
 * which start a PGlite per test file, spent about 0.6 s of CPU less on each start after the
 * first (1.5-1.9 s to 0.8-1.0 s).
 */
export function pgliteAssets(): Promise<PgliteAssets> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function load(): Promise<PgliteAssets> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [bytes, data] = await Promise.all([
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'pglite.data')),
  ]);
  return { wasmModule: await wasm.compile(bytes), fsBundle: new Uint8Array(data) };
}
