import { useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from './button.tsx';

/** A detail page's heading with the way back to the feed; `children` sit at its end. */
export function BackToFeedHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="mb-4 flex items-center gap-3">
      <Link
        to="/"
        aria-label={t`Back to the feed`}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        <ArrowLeft aria-hidden="true" />
      </Link>
      <h1 className="flex-1 text-xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
