/**
 * The moderation feature's face: reports (the flag, the dialog, my reports), the moderators' queue
 * and the suspension banner.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { useModerationStatus } from './moderation-queries.ts';
export { ModerationView } from './moderation-view.tsx';
export { MyReports } from './my-reports.tsx';
export { LazyReportDialog, ReportButton } from './report-button.tsx';
export { SuspensionBannerSlot } from './suspension-banner-slot.tsx';
