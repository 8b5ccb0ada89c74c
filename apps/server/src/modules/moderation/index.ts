/**
 * The moderation slice's public face: reports, the moderators' queue and actions, the
 * suspension check that write routes opt into (`config.refusedWhenSuspended`), the deletion
 * job's freeze condition and the job that gives back the posts of ended suspensions. Nothing
 * else in this folder is imported from outside it.
 */
export { startModerationJobs, type ModerationJobs } from './jobs.ts';
export { moderationKeeps } from './repo.ts';
export { moderationRoutes, registerSuspensionCheck } from './routes.ts';
export { assertNotSuspended, restoreEndedSuspensions } from './service.ts';
