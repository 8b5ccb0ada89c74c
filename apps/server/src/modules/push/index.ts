/**
 * The push slice's public face: Web Push subscriptions and settings (docs/api.md "Web Push"),
 * the hook that queues a published event's notifications, and the job that sends them. Nothing
 * else in this folder is imported from outside it.
 */
export { drainDeliveries, nextAttemptAt, type DrainResult } from './delivery.ts';
export { createPushService, withPushNotifications, type PushService } from './hook.ts';
export { PUSH_DRAIN_INTERVAL_MS, startPushDrainer, type PushDrainer } from './jobs.ts';
export { pushRoutes } from './routes.ts';
export { forgetSessionDevices, loadVapidKeys, type PushDeps } from './service.ts';
