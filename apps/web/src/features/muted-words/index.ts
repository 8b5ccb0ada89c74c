/**
 * The muted-words feature's face: Settings → Muted words (GET/PUT /api/users/me/muted-words),
 * shown on the settings screen beside the notification settings. Nothing else in this folder is
 * imported from outside it, except its test kits (by tests).
 */
export { MutedWordsSettings } from './muted-words-settings.tsx';
