import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cpuProfileArgs } from './measure.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts a bench script (bench/feed-server.ts, bench/feed-ceiling.ts) as its own process and
 * resolves once it printed the line with its port (`{"port":N}`). The app may log JSON lines
 * before it listens (pino), so the port is the line that has one. Every other JSON line it
 * prints is handed to `onLine` (bench/feed-server.ts' `{"stats":...}` lines).
 */
export async function startChild(
  script: string,
  env: Record<string, string>,
  onLine?: (value: unknown) => void,
): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_CPU_PROF=dir: each app process writes a CPU profile there when it stops.
  const args = [...cpuProfileArgs(), '--import', 'tsx', path.join(ROOT, script)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.on('line', (line) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return;
      }
      const { port } = value as { port?: unknown };
      if (typeof port === 'number') resolve(port);
      else onLine?.(value);
    });
  });
  return { child, port };
}
