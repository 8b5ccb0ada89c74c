import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob<T> {
  /** Runs the job now (also what the interval calls); null once stopped or if it failed. */
  runOnce(): Promise<T | null>;
  /** Stops the interval and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` on an unref'd interval (it never keeps the process alive), one
 * run at a time: a call while one is in flight joins it. A failure is logged as `<name>
 * failed` and answers null; `report` logs a result worth logging. main.ts stops each job on
 * shutdown, before the database closes.
 */
export function startPeriodicJob<T>(options: {
  name: string;
  intervalMs: number;
  logger: FastifyBaseLogger;
  run: () => Promise<T>;
  report?: (result: T) => void;
  enabled?: boolean;
}): PeriodicJob<T> {
  let running: Promise<T | null> | null = null;
  let stopped = false;

  function runOnce(): Promise<T | null> {
    if (stopped || options.enabled === false) return Promise.resolve(null);
    running ??= options
      .run()
      .then((result) => {
        options.report?.(result);
        return result;
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error }, `${options.name} failed`);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
