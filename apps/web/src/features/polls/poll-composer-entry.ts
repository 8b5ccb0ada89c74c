/** The composer's poll fields, behind one lazy import (loaded when a poll is added). */
export { ComposerPollFields } from './poll-composer.tsx';
