/**
 * The users slice's public face: a wallet's public record, with its DUM account from the
 * economy slice, and the public record alone (link cards read it). Nothing else in this folder
 * is imported from outside it.
 */
export { userRoutes } from './routes.ts';
export { giveReferralCodeIfNone, readPublicUser, type PublicUserRow } from './repo.ts';
// A moderator's removal, handed to the moderation slice by the composition root (slice-deps.ts).
export { clearReportedProfile } from './removal.ts';
