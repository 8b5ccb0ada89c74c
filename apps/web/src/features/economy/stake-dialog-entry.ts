/** The stake dialog behind one lazy import, for the sidebar's token box (loaded when opened). */
export { StakeDialog } from './stake-dialog.tsx';
