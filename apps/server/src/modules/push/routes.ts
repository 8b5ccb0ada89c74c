import {
  pushLanguageRequestSchema,
  pushSettingsRequestSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '@dum/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/validate.ts';
import { requireUser } from '../auth/index.ts';
import type { PushService } from './hook.ts';
import {
  pushPublicKeyJsonSchema,
  pushSettingsJsonSchema,
  pushSubscriptionJsonSchema,
} from './json-schemas.ts';
import {
  loadVapidKeys,
  readPushSettings,
  setDeviceLanguage,
  subscribe,
  unsubscribe,
  writePushSettings,
} from './service.ts';

/** Web Push (docs/api.md "Web Push"). */
export function pushRoutes(app: FastifyInstance, push: PushService): void {
  const { deps } = push;

  app.get(
    '/api/push/public-key',
    { schema: { response: { 200: pushPublicKeyJsonSchema } } },
    async () => ({ publicKey: (await loadVapidKeys(deps)).publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    { schema: { response: { 200: pushSubscriptionJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      return subscribe(deps, user, parseBody(pushSubscriptionRequestSchema, request.body));
    },
  );

  app.patch(
    '/api/push/subscriptions',
    { schema: { response: { 200: pushSubscriptionJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      return setDeviceLanguage(deps, user.id, parseBody(pushLanguageRequestSchema, request.body));
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { response: { 200: pushSubscriptionJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      const body = parseBody(pushUnsubscribeRequestSchema, request.body);
      return unsubscribe(deps, user.id, body.endpoint);
    },
  );

  app.get(
    '/api/push/settings',
    { schema: { response: { 200: pushSettingsJsonSchema } } },
    async (request) => readPushSettings(deps, requireUser(request).id),
  );

  app.put(
    '/api/push/settings',
    { schema: { response: { 200: pushSettingsJsonSchema } }, config: { writeLimit: 'other' } },
    async (request) => {
      const user = requireUser(request);
      return writePushSettings(deps, user.id, parseBody(pushSettingsRequestSchema, request.body));
    },
  );
}
