// The server as one ES module, apps/server/dist/main.mjs: apps/server/src/main.ts with the
// workspace packages it imports, which Node runs without a TypeScript loader. Under tsx a start
// spends seconds of CPU resolving and loading several hundred TypeScript modules through the
// loader's hooks; the bundle is one file. Packages from npm stay external: Node loads them from
// node_modules as it does for the sources, native addons and WebAssembly included.
//
// Every `import.meta.url` in the sources becomes the URL of the source file it is written in,
// computed from the bundle's own URL, so the files found beside a source (the migrations, the
// vault program, package.json, the worker scripts, which stay plain files) resolve exactly as
// under tsx, and the checkout can move.
//
// `npm run build` writes it (`node --import tsx scripts/server-bundle.ts`); the browser tests
// and benchmarks call ensureServerBundle, which writes it again when a source is newer.
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'apps/server/dist/main.mjs');
const SOURCE_DIRS = ['apps/server/src', 'packages/core/src', 'packages/chain/src'];

/** Workspace packages are TypeScript sources: they go in the bundle. */
const WORKSPACE = /^@dum\//;

function sourcesAsWritten(outDir: string): Plugin {
  return {
    name: 'sources-as-written',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        WORKSPACE.test(args.path) || args.kind === 'entry-point'
          ? undefined
          : { path: args.path, external: true },
      );
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        const sourceUrl = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', sourceUrl), loader: 'ts' };
      });
    },
  };
}

/**
 * Writes the bundle (to `outfile`, SERVER_BUNDLE unless a test says otherwise). The file is
 * replaced in one rename, so a server starting meanwhile (another test file's) reads the old
 * bundle or the new one, never half of one.
 */
export async function buildServerBundle(outfile = SERVER_BUNDLE): Promise<void> {
  const outDir = path.dirname(outfile);
  const result = await build({
    entryPoints: [path.join(ROOT, 'apps/server/src/main.ts')],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Names as written, for stack traces and for code that reads a class's name.
    keepNames: true,
    logLevel: 'warning',
    plugins: [sourcesAsWritten(outDir)],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  const temporary = `${outfile}.${process.pid}.tmp`;
  await mkdir(outDir, { recursive: true });
  await writeFile(temporary, output.contents);
  await rename(temporary, outfile);
}

let ensured: Promise<string> | undefined;

/**
 * The bundle, written again when it is missing or older than any server or package source;
 * checked once per process.
 */
export function ensureServerBundle(): Promise<string> {
  ensured ??= (async () => {
    const built = await stat(SERVER_BUNDLE).catch(() => null);
    if (!built || (await newestSourceMs()) > built.mtimeMs) await buildServerBundle();
    return SERVER_BUNDLE;
  })();
  return ensured;
}

async function newestSourceMs(): Promise<number> {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    const entries = await readdir(path.join(ROOT, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      // The lint tests' probe files come and go while other tests run; they are never bundled.
      if (!entry.isFile() || entry.name.startsWith('lint-probe-')) continue;
      const { mtimeMs } = await stat(path.join(entry.parentPath, entry.name));
      newest = Math.max(newest, mtimeMs);
    }
  }
  return newest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServerBundle();
