/**
 * The polls slice's public face: a post's poll (written in the post's transaction by
 * modules/feed, read for the feed's items), its vote route, and the job that tells authors
 * their poll ended (docs/api.md "Polls"). Nothing else in this folder is imported from outside
 * it.
 */
export { POLL_ENDING_INTERVAL_MS, startPollJobs, type PollJobs } from './jobs.ts';
export { pollRoutes } from './routes.ts';
export {
  checkPollInput,
  createPollForPost,
  nextPollEnd,
  notifyEndedPolls,
  readPolls,
  type EndingResult,
  type PollDeps,
  type PollPlan,
} from './service.ts';
