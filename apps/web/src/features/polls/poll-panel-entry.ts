/** A post's poll in its card, behind one lazy import (the first card that carries a poll). */
export { PollPanel } from './poll-panel.tsx';
