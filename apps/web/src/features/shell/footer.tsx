import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { LOCALE_NAMES, LOCALES } from '../../lib/i18n/index.ts';
import { LogoMark } from './logo.tsx';
import { switchLanguage } from './switch-language.ts';

/**
 * Footer: brand, DevNet badge, legal links, the language switch (signed-out visitors have no wallet
 * menu to switch in), copyright and the test-network line.
 */
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
          <LanguageSelect />
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

/** A native select: keyboard and screen readers handle it everywhere, and it costs no script. */
function LanguageSelect() {
  const { i18n } = useLingui();
  const selectId = useId();
  return (
    <div className="flex items-center gap-2 text-muted">
      <label htmlFor={selectId}>
        <Trans>Language</Trans>
      </label>
      <select
        id={selectId}
        value={i18n.locale}
        onChange={(event) => {
          const locale = event.target.value;
          switchLanguage(locale);
        }}
        className="rounded-lg border border-border bg-surface-2 px-2 py-1 text-sm text-foreground"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
