/** A sealed capsule's countdown and Notify me, behind one lazy import (the first sealed card). */
export { SealedCapsulePanel } from './capsule-panel.tsx';
