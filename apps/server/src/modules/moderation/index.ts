/**
 * The moderation slice's public face: reports, the moderators' queue and actions, the
 * suspension check (the guard write services call, and the hook write routes opt into with
 * `config.refusedWhenSuspended`), the deletion job's freeze condition, the SQL the mystery
 * slice's reads leave hidden mystery vaults out with, and the job that gives back what ended
 * suspensions hid. Nothing else in this folder is imported from outside it.
 */
export { startModerationJobs, type ModerationJobs } from './jobs.ts';
export { mysteryNotHidden } from './hides.ts';
export { moderationKeeps } from './repo.ts';
export { moderationDepsOf, moderationRoutes, registerSuspensionCheck } from './routes.ts';
export { assertNotSuspended, restoreEndedSuspensions, type ModerationDeps } from './service.ts';
export type { ContentOwners } from './owners.ts';
