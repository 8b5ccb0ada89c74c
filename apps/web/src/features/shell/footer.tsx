import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { LogoMark } from './logo.tsx';

/** Footer: brand, DevNet badge, legal links, copyright and the test-network line. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="mt-16 border-t border-border px-4 py-8 text-sm sm:px-6 xl:px-8">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <LogoMark className="size-7 text-sm" />
            <span className="font-bold tracking-tight">Dum Club</span>
            <Badge variant="dum">DevNet Preview</Badge>
          </div>
          <nav aria-label="Legal" className="flex gap-5 text-muted">
            <Link to="/terms" className="rounded transition-colors hover:text-foreground">
              Terms of Service
            </Link>
            <Link to="/privacy" className="rounded transition-colors hover:text-foreground">
              Privacy Policy
            </Link>
          </nav>
        </div>
        <div className="flex flex-col gap-1.5 border-t border-border/60 pt-5 text-xs text-subtle sm:flex-row sm:justify-between">
          <p>© {year} Dum Club. All rights reserved.</p>
          <p>DevNet Preview • Test tokens only • No real monetary value</p>
        </div>
      </div>
    </footer>
  );
}
