/**
 * The people feature's face: profiles, follows and the Following feed.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { FeedTabs } from './feed-tabs.tsx';
export { FollowButton } from './follow-button.tsx';
export type { FollowState } from './people-cache.ts';
export { useProfile } from './people-queries.ts';
export { dumMinedText, personName } from './profile-display.ts';
export { ProfileView } from './profile-view.tsx';
export { TabList, tabPanelProps } from './tab-list.tsx';
