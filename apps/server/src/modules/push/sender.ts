import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { CheckedEndpoint } from './endpoint-guard.ts';

/** What a push service answered: its status and Retry-After in seconds (0 when none). */
export interface SendOutcome {
  status: number;
  retryAfterSeconds: number;
}

export interface PushMessage {
  endpoint: CheckedEndpoint;
  keys: { p256dh: string; auth: string };
  payload: string;
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** Seconds a push service may keep it for an offline device. */
  ttlSeconds: number;
  timeoutMs: number;
}

/**
 * Encrypts the payload (RFC 8291, aes128gcm), signs the VAPID header (RFC 8292) with web-push,
 * and sends it ourselves: connecting to the address the endpoint guard checked (a pinned lookup),
 * never to a second DNS answer. A status is answered; no answer in time throws.
 */
export async function sendPush(message: PushMessage): Promise<SendOutcome> {
  const details = webpush.generateRequestDetails(
    {
      endpoint: message.endpoint.url.href,
      keys: message.keys,
    },
    message.payload,
    {
      vapidDetails: message.vapid,
      TTL: message.ttlSeconds,
      contentEncoding: 'aes128gcm',
    },
  );
  const { address, family, url } = message.endpoint;
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: details.headers,
        lookup: pinned,
        timeout: message.timeoutMs,
        agent: false,
      },
      (response) => {
        response.resume();
        const retryAfter = Number(response.headers['retry-after']);
        resolve({
          status: response.statusCode ?? 0,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 0,
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service did not answer in time')));
    request.on('error', reject);
    request.end(details.body);
  });
}

/** A fresh VAPID pair, base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
