/**
 * The feed feature's face: the composer (its fields, tools and state), the welcome banner and
 * trending fan vaults.
 * Nothing else in this folder is imported from outside it, except its test kits (by tests) and its
 * *-entry.ts files (loaded lazily).
 */
export { ComposerDetails, ComposerTextBox } from './composer-fields.tsx';
export { INITIAL_COMPOSER_STATE } from './composer-state.ts';
export type { Attachment, ComposerState, VaultKind } from './composer-state.ts';
export { MediaTools, PostControls, useAttachmentPick } from './composer-tools.tsx';
export { Composer } from './composer.tsx';
export { TrendingFanVaults } from './trending-fan-vaults.tsx';
export { useComposer } from './use-composer.ts';
export type { ComposerController } from './use-composer.ts';
export { WelcomeBanner } from './welcome-banner.tsx';
