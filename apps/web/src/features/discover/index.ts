/**
 * The discover feature's face: search, trending posts and tags, top creators.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { DiscoverView } from './discover-view.tsx';
export { EmptySection } from './empty-section.tsx';
