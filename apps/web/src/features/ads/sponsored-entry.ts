/** The sponsored mark behind one lazy import: a post card loads it only for a sponsored item. */
export { SponsoredMark } from './sponsored.tsx';
