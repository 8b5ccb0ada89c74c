import { Trans, useLingui } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { GlowPanel } from '../components/ui/card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Shared layout of the Terms of Service and the Privacy Policy: a readable column with contents. */
export function LegalPage({
  icon: Icon,
  title,
  updated,
  intro,
  sections,
  seeAlso,
}: {
  icon: LucideIcon;
  title: string;
  updated: string;
  /** The other legal page, linked at the end. */
  seeAlso: 'terms' | 'privacy';
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl">
      <GlowPanel
        as="header"
        className="border-border px-6 py-8 sm:px-10"
        glows={['-top-20 -right-16 size-60 bg-primary/20']}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="grid size-10 place-items-center rounded-xl bg-surface-3 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <Badge variant="dum">
            <Trans>DevNet Preview</Trans>
          </Badge>
        </div>
        <h1 className="mt-5 text-3xl font-black tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-subtle">
          <Trans>Last updated {updated}</Trans>
        </p>
        <div className="mt-4 text-base text-muted">{intro}</div>
      </GlowPanel>
      <LegalContents sections={sections} />
      <LegalSections sections={sections} />
      <p className="mt-10 text-sm text-subtle">
        {seeAlso === 'terms' ? (
          <Trans>
            See also the{' '}
            <Link to="/terms" className="font-medium text-primary hover:underline">
              Terms of Service
            </Link>
            .
          </Trans>
        ) : (
          <Trans>
            See also the{' '}
            <Link to="/privacy" className="font-medium text-primary hover:underline">
              Privacy Policy
            </Link>
            .
          </Trans>
        )}
      </p>
    </article>
  );
}

/** The numbered table of contents, linking to each section. */
function LegalContents({ sections }: { sections: readonly LegalSection[] }) {
  const { t } = useLingui();
  return (
    <nav
      aria-label={t`Contents`}
      className="mt-6 rounded-2xl border border-border bg-surface/40 p-5"
    >
      <h2 className="text-xs font-semibold tracking-[0.16em] text-subtle uppercase">
        <Trans>Contents</Trans>
      </h2>
      <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="rounded text-muted transition-colors hover:text-foreground"
            >
              {index + 1}. {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The sections, numbered 01, 02... to match the contents. */
function LegalSections({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className="legal-prose mt-8 flex flex-col gap-8">
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          // The page's scroll padding clears the sticky header; this is the breathing room.
          className="scroll-mt-6"
        >
          <h2 id={`${section.id}-title`} className="text-lg font-bold tracking-tight">
            <span className="mr-2 font-mono text-sm text-primary">
              {String(index + 1).padStart(2, '0')}
            </span>
            {section.title}
          </h2>
          <div className="mt-3 flex flex-col gap-3 text-[15px] leading-relaxed text-muted">
            {section.body}
          </div>
        </section>
      ))}
    </div>
  );
}
