import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '../components/ui/button.tsx';
import { NotFound } from '../components/ui/not-found.tsx';
import { cn } from '../lib/cn.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <NotFound title={t`Page not found`} className="mx-auto w-full max-w-xl">
      <p className="mt-3 text-muted">
        <Trans>
          Nothing lives at{' '}
          <code className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-sm break-all text-foreground">
            {pathname}
          </code>
          . It may have been a free post (those vanish after 24 hours) or a mistyped link.
        </Trans>
      </p>
      <div className="mt-8 flex flex-col gap-2 sm:flex-row">
        <Link to="/" className={buttonVariants({ size: 'md' })}>
          <House aria-hidden="true" />
          <Trans>Back to the feed</Trans>
        </Link>
        <Link to="/discover" className={cn(buttonVariants({ variant: 'secondary', size: 'md' }))}>
          <Compass aria-hidden="true" />
          <Trans>Discover</Trans>
        </Link>
      </div>
    </NotFound>
  );
}
