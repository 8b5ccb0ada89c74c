import { AppError } from '@dum/core';
import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics that slices count into (uploads, faucet calls, emissions)
 * and the HTTP layer's request metrics. One registry per process: what it counts is this
 * instance's share, which Prometheus sums across instances. Served by /metrics
 * (http/metrics.ts) together with each app's gauges (database pool, sockets, deletes to retry).
 */
export const processRegistry = new Registry();

export const httpRequests = new Counter({
  name: 'dum_http_requests_total',
  help: 'HTTP requests answered, by method, route (the pattern, not the path) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'dum_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const uploadsTotal = new Counter({
  name: 'dum_uploads_total',
  help: 'Uploads received, by outcome (image, audio, or the error code that refused it)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const uploadedBytes = new Counter({
  name: 'dum_uploaded_bytes_total',
  help: 'Bytes of uploads stored (after sanitising)',
  registers: [processRegistry],
});

export const faucetCalls = new Counter({
  name: 'dum_faucet_calls_total',
  help: 'Faucet calls, by outcome (sent, or the error code)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const emissionEvents = new Counter({
  name: 'dum_emission_events_total',
  help: 'Rewarded events sequenced by this instance (ledger rows written)',
  registers: [processRegistry],
});

export const dumMinted = new Counter({
  name: 'dum_minted_base_units_total',
  help: 'DUM minted by the events this instance sequenced, in base units (10^-9 DUM)',
  registers: [processRegistry],
});

export const emissionBatchDuration = new Histogram({
  name: 'dum_emission_batch_seconds',
  help:
    'Emission sequencer batches (read, rules and write), by outcome: applied, lost (another ' +
    'writer minted between the read and the write, nothing written) or empty (nothing queued)',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [processRegistry],
});

export const emissionSettleDuration = new Histogram({
  name: 'dum_emission_settle_seconds',
  help: 'Time a rewarded action waited for the sequencer before answering (settle)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [processRegistry],
});

/** The outcome label of a failure: its catalogue code, else `error`. */
export function outcomeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'error';
}
