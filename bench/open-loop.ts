import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * An open-loop load: requests arrive at random times (a Poisson process at `rate` a second, as
 * many independent users' requests do), whether or not earlier ones were answered, over up to
 * `connections` keep-alive connections (node:http's Agent; a request waits for a free one).
 * Each latency runs from the request's scheduled arrival to the end of its answer, so a queue
 * anywhere (the agent's included) counts, as in wrk2.
 *
 * Why not autocannon's `overallRate` (bench:mix until 2026-11-26): it is a closed loop with a
 * per-connection budget per second. Every connection sends its budget back to back when its
 * one-second timer fires, and the timers of all connections fire together, so 300 req/s over
 * 64 connections arrived as ~300 requests at the start of each second, then none. Its
 * coordinated-omission correction also records, for an answer of v ms, every value from v down
 * to its expected interval, which it computes as `ceil(1 / rate)` with the rate in requests a
 * second: 1 ms, so a 100 ms answer counted as a hundred samples in its percentiles.
 *
 *     const result = await runOpenLoop({ url, rate: 300, seconds: 60, connections: 64,
 *       next: () => ({ method: 'GET', path: '/api/health', headers: {} }) });
 *     result.latencies; // ms, one per answered request, in the order they were answered
 */
export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopResult {
  /** Latency of every answered request, ms (scheduled arrival to the answer's last byte). */
  latencies: number[];
  /** Answers by status class. */
  status: { '2xx': number; '3xx': number; '4xx': number; '5xx': number };
  /** Requests that failed without an answer (connection errors). */
  errors: number;
  /** Requests sent per second over the run. */
  sentPerSecond: number;
}

export interface OpenLoopOptions<Tag> {
  url: string;
  /** Mean arrivals per second. */
  rate: number;
  seconds: number;
  connections: number;
  /** The next request to send, and a tag handed back with its answer. */
  next: () => { request: OpenLoopRequest; tag: Tag };
  /**
   * Each answer (status 0: none, the request failed) with its latency and when it was due,
   * both in ms (the latter since the run began).
   */
  onAnswer?: (tag: Tag, status: number, latencyMs: number, dueMs: number) => void;
}

export async function runOpenLoop<Tag>(options: OpenLoopOptions<Tag>): Promise<OpenLoopResult> {
  const target = new URL(options.url);
  // Idle connections are closed after 4 s, before the server's keep-alive timeout (node:http's
  // default 5 s, the round-robin proxy's): else a request sent on a connection the server is
  // closing at that moment fails without an answer (seen once in 90,000 requests).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.connections,
    timeout: 4000,
  });
  const latencies: number[] = [];
  const status = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  let errors = 0;
  let sent = 0;
  let inFlight = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  let due = started;
  let drained: () => void = () => undefined;
  const allAnswered = new Promise<void>((resolve) => {
    drained = resolve;
  });
  let scheduling = true;

  const send = (scheduledAt: number) => {
    const { request, tag } = options.next();
    sent += 1;
    inFlight += 1;
    let finished = false;
    const finish = (code: number) => {
      // Once per request: a connection error after the answer's end is not a second answer.
      if (finished) return;
      finished = true;
      const now = performance.now();
      const latency = now - scheduledAt;
      if (code === 0) errors += 1;
      else {
        latencies.push(latency);
        const family = `${Math.floor(code / 100)}xx` as keyof typeof status;
        if (family in status) status[family] += 1;
      }
      options.onAnswer?.(tag, code, latency, scheduledAt - started);
      inFlight -= 1;
      if (!scheduling && inFlight === 0) drained();
    };
    const outgoing = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: request.body
          ? { ...request.headers, 'content-length': Buffer.byteLength(request.body) }
          : request.headers,
      },
      (response) => {
        response.resume();
        response.once('end', () => finish(response.statusCode ?? 0));
        response.on('error', () => finish(0));
      },
    );
    outgoing.on('error', () => finish(0));
    outgoing.end(request.body);
  };

  // A 1 ms ticker sends every arrival that has come due (timers cannot fire finer than that).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        send(due);
        due += (-Math.log(1 - Math.random()) / options.rate) * 1000;
      }
      if (due >= end) {
        resolve();
        return;
      }
      setTimeout(tick, 1);
    };
    tick();
  });
  scheduling = false;
  if (inFlight > 0) await allAnswered;
  agent.destroy();
  return {
    latencies,
    status,
    errors,
    sentPerSecond: sent / options.seconds,
  };
}
