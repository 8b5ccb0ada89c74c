import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';

/**
 * The brand mark and word mark; links home. Compact: no tagline, and the word mark leaves
 * very narrow screens ('narrow': any phone under 400 px, where the header holds more controls).
 *
 * Named by its own text, not an aria-label: speech-input users say what they see, so the name
 * holds the visible words ("Dum Club", then the tagline) in order, and a screen-reader-only
 * "home" says where it goes. The spaces keep the words apart in the name; between flex items
 * they are not rendered.
 */
export function Logo({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean | 'narrow';
}) {
  return (
    <Link to="/" className={cn('group inline-flex items-center gap-2.5 rounded-xl', className)}>
      <LogoMark className="size-9" />
      <span
        className={cn(
          'flex flex-col leading-none',
          compact === 'narrow' ? 'max-[399px]:sr-only' : compact && 'max-[359px]:sr-only',
        )}
      >
        <span className="text-lg font-black tracking-tight whitespace-nowrap text-foreground">
          {/* eslint-disable lingui/no-unlocalized-strings -- the brand, never translated */}
          Dum <span className="text-vibe">Club</span>
          {/* eslint-enable lingui/no-unlocalized-strings */}
        </span>{' '}
        {!compact && (
          <span className="mt-1 text-[10px] font-semibold tracking-[0.18em] text-subtle uppercase">
            <Trans>Proof of Vibe</Trans>
          </span>
        )}
      </span>{' '}
      <span className="sr-only">
        <Trans>home</Trans>
      </span>
    </Link>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('logo-mark', className)}>
      D
      <span className="absolute -top-1 -right-1 size-2.5 rounded-full border-2 border-background bg-dum" />
    </span>
  );
}
