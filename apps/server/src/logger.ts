import pino, { type Logger } from 'pino';

/** Query strings can carry secrets (the socket's access token), so URLs are logged without them. */
function redactUrl(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[redacted]`;
}

export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        return { method: request.method, url: redactUrl(request.url), id: request.id };
      },
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  });
}
