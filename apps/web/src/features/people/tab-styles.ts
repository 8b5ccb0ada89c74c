/** The tab bar's look, shared by the feed's and the profile's tabs (as My Vaults draws its own). */
export const TAB_LIST_CLASS =
  'flex w-full rounded-xl border border-border bg-surface/70 p-1 sm:inline-flex sm:w-auto';
export const TAB_CLASS =
  'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-lg px-4 text-sm font-semibold text-muted transition-colors hover:text-foreground data-[state=active]:bg-surface-3 data-[state=active]:text-foreground sm:flex-none motion-reduce:transition-none';
