import { MUTED_WORD_MAX_LENGTH, MUTED_WORDS_MAX, type MutedWords } from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, VolumeX, X } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { BusyButton } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ConnectPrompt, type Viewer } from '../auth/index.ts';
import {
  addMutedWord,
  expiryFor,
  expiryLabel,
  MUTE_DURATIONS,
  type MuteDuration,
} from './muted-words-form.ts';
import { useMutedWords, useSaveMutedWords } from './muted-words-queries.ts';
import { PageHeader } from '../../components/ui/page-title.tsx';

/**
 * Settings → Muted words (/settings/muted-words): posts and comments with these words or phrases
 * (whole words, any case) are left out of the viewer's feeds, threads, search and notifications.
 */
export function MutedWordsSettings({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  useDocumentTitle(t`Muted words`);
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        icon={<VolumeX className="size-6 text-primary" aria-hidden="true" />}
        title={<Trans>Muted words</Trans>}
        subtitle={
          <Trans>
            Posts and comments with these words or phrases are hidden from your feeds, threads,
            search and notifications. Your own posts are never hidden.
          </Trans>
        }
      />
      {viewer.isAuthenticated ? (
        <SignedInMutedWords />
      ) : (
        <ConnectPrompt viewer={viewer} title={t`Sign in to mute words`}>
          <Trans>Muted words belong to the wallet you sign in with.</Trans>
        </ConnectPrompt>
      )}
    </div>
  );
}

function SignedInMutedWords() {
  const { t } = useLingui();
  const words = useMutedWords(true);
  if (words.isPending) {
    return (
      <div aria-busy="true" aria-label={t`Loading your muted words`} className="space-y-3">
        <Skeleton className="h-24 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
      </div>
    );
  }
  if (words.isError) {
    return (
      <LoadError
        title={t`Could not load your muted words`}
        message={errorMessage(words.error)}
        onRetry={() => void words.refetch()}
      />
    );
  }
  return <MutedWordsEditor items={words.data.items} />;
}

function MutedWordsEditor({ items }: { items: MutedWords['items'] }) {
  const { t } = useLingui();
  const count = items.length;
  const max = MUTED_WORDS_MAX;
  const save = useSaveMutedWords();
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <section
      aria-label={t`Your muted words`}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface/80 p-4"
    >
      <AddWordForm items={items} />
      <p className="text-xs text-subtle" aria-live="polite">
        <Trans>
          {count} of {max} muted
        </Trans>
      </p>
      {items.length === 0 ? (
        <p
          data-testid="muted-words-empty"
          className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted"
        >
          <Trans>You have not muted any words.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Muted`} className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.word} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{item.word}</span>
                <span className="block text-xs text-muted">{expiryLabel(item.expiresAt)}</span>
              </div>
              <BusyButton
                variant="ghost"
                size="sm"
                busy={save.isPending && removing === item.word}
                busyLabel={t`Removing…`}
                icon={<X aria-hidden="true" />}
                disabled={save.isPending}
                aria-label={t`Remove ${item.word}`}
                onClick={() => {
                  setRemoving(item.word);
                  save.mutate(items.filter((other) => other.word !== item.word));
                }}
              >
                <Trans>Remove</Trans>
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddWordForm({ items }: { items: MutedWords['items'] }) {
  const { t } = useLingui();
  const save = useSaveMutedWords();
  const [word, setWord] = useState('');
  const [duration, setDuration] = useState<MuteDuration>('never');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = addMutedWord(items, word, expiryFor(duration, Date.now()));
    if ('error' in next) {
      setProblem(next.error);
      return;
    }
    setProblem(null);
    save.mutate(next.items, { onSuccess: () => setWord('') });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-word`} className="block text-sm font-medium">
          <Trans>Word or phrase</Trans>
        </label>
        <input
          id={`${id}-word`}
          data-testid="muted-word-input"
          value={word}
          maxLength={MUTED_WORD_MAX_LENGTH * 2}
          onChange={(event) => {
            setWord(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="mt-1 h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="mt-1 text-xs text-danger">
            {problem}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-ends`} className="block text-sm font-medium">
          <Trans>Ends</Trans>
        </label>
        <select
          id={`${id}-ends`}
          data-testid="muted-word-duration"
          value={duration}
          onChange={(event) => setDuration(event.target.value as MuteDuration)}
          className="mt-1 h-10 rounded-lg border border-border bg-surface-2 px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        >
          {MUTE_DURATIONS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <BusyButton
        type="submit"
        busy={save.isPending}
        busyLabel={t`Saving…`}
        icon={<Plus aria-hidden="true" />}
        className="h-10"
      >
        <Trans>Mute</Trans>
      </BusyButton>
    </form>
  );
}
