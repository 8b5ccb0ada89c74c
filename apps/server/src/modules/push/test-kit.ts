import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests, on 127.0.0.1: it checks each request's VAPID signature (RFC 8292)
 * and decrypts its body (RFC 8291, aes128gcm) with the device's own keys, as a browser's push
 * service and the browser would, written here with node:crypto alone so it shares no code with
 * the library that encrypts.
 */

/** A device's subscription keys: a P-256 pair and the 16-byte auth secret. */
export interface TestDevice {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export function createTestDevice(): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      if (ciphertext.length > recordSize) throw new Error('more than one record');
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  status: number;
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: string | undefined;
  /** The VAPID key the request was signed with (the `k` of its Authorization header). */
  vapidKey: string;
}

export interface TestPushService {
  /** An endpoint URL of this service for a new device. */
  endpointFor(device: TestDevice): string;
  received: ReceivedPush[];
  /** The status the next requests get, in order (then 201). */
  answers: number[];
  /** Problems found in requests (a bad signature, a body that does not decrypt). */
  problems: string[];
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined, audience: string, now: number): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID Authorization header: ${header}`);
  const [token, key] = [match[1], match[2]];
  const [head = '', body = '', signature = ''] = token.split('.');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (header0.alg !== 'ES256') throw new Error(`alg ${header0.alg}`);
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}, not ${audience}`);
  if (claims.exp <= now / 1000 || claims.exp > now / 1000 + 86_400) throw new Error('bad exp');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return key;
}

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, TestDevice>();
  const received: ReceivedPush[] = [];
  const answers: number[] = [];
  const problems: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 201;
      const path = request.url ?? '';
      try {
        const { port } = server.address() as AddressInfo;
        const vapidKey = verifyVapid(
          request.headers.authorization,
          `http://127.0.0.1:${port}`,
          Date.now(),
        );
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const device = devices.get(path);
        if (!device) throw new Error(`no device at ${path}`);
        const payload = JSON.parse(device.decrypt(Buffer.concat(chunks))) as unknown;
        received.push({ path, status, payload, ttl: request.headers.ttl as string, vapidKey });
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpointFor(device) {
      const path = `/push/${randomBytes(8).toString('hex')}`;
      devices.set(path, device);
      return `http://127.0.0.1:${port}${path}`;
    },
    received,
    answers,
    problems,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
