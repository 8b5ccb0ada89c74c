import type { LucideIcon } from 'lucide-react';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { GlowPanel } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export interface ComingSoonFeature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface ComingSoonProps {
  icon: LucideIcon;
  /** Small line above the title, e.g. the section name. */
  eyebrow: string;
  title: ReactNode;
  /** The document title (the tab's name). */
  documentTitle: string;
  description: ReactNode;
  features: readonly ComingSoonFeature[];
  /** Optional call to action under the description. */
  action?: { to: string; label: string };
}

/**
 * The designed "coming soon" state of pages whose behaviour arrives in later work: what the
 * page will do, so nobody meets a blank screen.
 */
export function ComingSoon({
  icon: Icon,
  eyebrow,
  title,
  documentTitle,
  description,
  features,
  action,
}: ComingSoonProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <GlowPanel
        className="border-border px-6 py-10 sm:px-10 sm:py-12"
        glows={[
          '-top-24 -right-16 size-72 bg-primary/25',
          '-bottom-28 -left-10 size-64 bg-accent/15',
        ]}
      >
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-2xl bg-vibe text-primary-foreground shadow-[0_10px_30px_-10px_var(--color-accent)]">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <span className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">
              {eyebrow}
            </span>
            <Badge variant="dum" className="self-start">
              Coming soon
            </Badge>
          </div>
        </div>
        <h1 className="mt-6 text-3xl font-black tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 max-w-xl text-base text-pretty text-muted">{description}</p>
        {action && (
          <Link to={action.to} className={cn(buttonVariants({ size: 'md' }), 'mt-6')}>
            {action.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        )}
      </GlowPanel>
      <section aria-label="What's coming" className="mt-6">
        <h2 className="mb-3 px-1 text-sm font-semibold text-muted">What’s coming</h2>
        <ul
          className={cn('grid gap-3', features.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}
        >
          {features.map((feature) => (
            <li
              key={feature.title}
              className={cn(
                'group flex gap-4 rounded-2xl border border-border bg-surface/50 p-4 transition-colors hover:border-primary/40 hover:bg-surface',
                features.length === 3 && 'sm:flex-col sm:gap-3',
              )}
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-3 text-primary transition-colors group-hover:text-accent">
                <feature.icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-sm font-semibold">{feature.title}</h3>
                <p className="mt-1 text-sm text-muted">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
