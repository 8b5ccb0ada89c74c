/** The composer's capsule fields behind one lazy import (loaded when a capsule is chosen). */
export { ComposerCapsuleFields } from './composer-capsule-fields.tsx';
