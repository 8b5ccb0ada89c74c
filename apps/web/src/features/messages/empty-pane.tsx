import type { ReactNode } from 'react';

/**
 * What a messages pane shows with nothing in it: an icon on a tile, a heading, a line of help and
 * perhaps an action. An empty list ('list') sits lower and with a smaller tile than the right
 * pane waiting for a conversation to be opened ('pane').
 */
export function EmptyPane({
  kind,
  vibe = false,
  icon,
  title,
  text,
  children,
}: {
  kind: 'list' | 'pane';
  /** The brand gradient tile instead of the plain one. */
  vibe?: boolean;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  children?: ReactNode;
}) {
  const padding = kind === 'list' ? 'px-6 py-12' : 'px-6';
  const size = kind === 'list' ? 'size-12' : 'size-14';
  const tone = vibe ? 'bg-vibe text-primary-foreground' : 'bg-surface-3 text-primary';
  return (
    <div className={`flex flex-1 flex-col items-center justify-center ${padding} text-center`}>
      <span className={`grid ${size} place-items-center rounded-2xl ${tone}`}>{icon}</span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-xs text-sm text-muted">{text}</p>
      {children}
    </div>
  );
}
