import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { LogoMark } from './logo.tsx';

/** Footer: brand, DevNet badge, legal links, copyright and the test-network line. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useLingui();
  return (
    <footer className="mt-16 border-t border-border px-4 py-8 text-sm sm:px-6 xl:px-8">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <LogoMark className="size-7 text-sm" />
            <span className="font-bold tracking-tight">Dum Club</span>
            <Badge variant="dum">
              <Trans>DevNet Preview</Trans>
            </Badge>
          </div>
          <nav aria-label={t`Legal`} className="flex gap-5 text-muted">
            <Link to="/terms" className="rounded transition-colors hover:text-foreground">
              <Trans>Terms of Service</Trans>
            </Link>
            <Link to="/privacy" className="rounded transition-colors hover:text-foreground">
              <Trans>Privacy Policy</Trans>
            </Link>
          </nav>
        </div>
        <div className="flex flex-col gap-1.5 border-t border-border/60 pt-5 text-xs text-subtle sm:flex-row sm:justify-between">
          <p>
            <Trans>© {year} Dum Club. All rights reserved.</Trans>
          </p>
          <p>
            <Trans>DevNet Preview • Test tokens only • No real monetary value</Trans>
          </p>
        </div>
      </div>
    </footer>
  );
}
