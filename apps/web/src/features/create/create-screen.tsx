import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Check,
  FileWarning,
  Hourglass,
  ListChecks,
  Loader2,
  Lock,
  PenLine,
  Sparkles,
  Trash2,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { ComposerDetails, ComposerTextBox } from '../feed/index.ts';
import type { Attachment } from '../feed/index.ts';
import { MediaTools, PostControls, useAttachmentPick } from '../feed/index.ts';
import { PostCard } from '../post/index.ts';
import { newPollDraft } from '../polls/index.ts';
import { useComposer, type ComposerController } from '../feed/index.ts';
import { useWalletPrompt, type Viewer } from '../auth/index.ts';
import { useProfile } from '../people/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { loadDraft, stateOfDraft, type StoredDraft } from './create-draft.ts';
import { draftPreviewPost, type PreviewAuthor } from './draft-preview.ts';
import { useCreateDraft, type CreateDraft } from './use-create-draft.ts';

/**
 * Create (/create): the full-page composer. Every kind of post (a post with text, an image or
 * audio; a vault; a time capsule; a mystery vault is made on its own page), the live preview of the card
 * as the feed will show it, and the draft kept on this device until it is posted or discarded.
 * It writes through the feed composer's own hook (useComposer): the same checks, the same
 * messages.
 */
export function CreateScreen({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  const wallet = useWalletPrompt();
  return (
    <div className="mx-auto w-full max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">
          <Trans>Create</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Share a thought, an image or a track, or lock something in a vault for your supporters.
          </Trans>
        </p>
      </header>
      {viewer.isAuthenticated && viewer.wallet && viewer.userId ? (
        <SignedInCreate
          key={viewer.wallet}
          viewer={viewer}
          wallet={viewer.wallet}
          userId={viewer.userId}
        />
      ) : wallet.restoring && viewer.status !== 'signing-in' ? (
        <div role="status" aria-label={t`Loading`}>
          <Skeleton className="h-72 w-full rounded-card" />
        </div>
      ) : (
        <ConnectPrompt viewer={viewer} title={t`Connect your wallet to create`}>
          <Trans>
            Sign in with your wallet to post, share images and audio, and create vaults.
          </Trans>
        </ConnectPrompt>
      )}
    </div>
  );
}

function SignedInCreate({
  viewer,
  wallet,
  userId,
}: {
  viewer: Viewer;
  wallet: string;
  userId: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [restored] = useState<StoredDraft | null>(() => loadDraft(window.localStorage, wallet));
  const composer = useComposer(wallet, {
    initialState: stateOfDraft(restored),
    // The usual 'Posted!' toast has been shown; the post is at the top of the feed.
    onPosted: () => {
      draft.forget();
      void navigate('/');
    },
  });
  const draft = useCreateDraft(wallet, composer, restored);
  const textareaId = useId();
  const counterId = useId();
  const { state, submit, pending } = composer;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:gap-8">
      <form
        onSubmit={submit}
        noValidate
        aria-busy={pending || undefined}
        aria-label={t`Create a post`}
        data-testid="create-form"
        className={cn(
          'flex min-w-0 flex-col gap-5 rounded-card border bg-surface/80 p-4 sm:p-6',
          state.vaultMode ? 'border-dum/40' : 'border-border',
        )}
      >
        <PostKindPicker composer={composer} />
        <div className="flex flex-col gap-2">
          <ComposerTextBox
            composer={composer}
            textareaId={textareaId}
            counterId={counterId}
            labelClassName="text-sm font-semibold"
            className="min-h-40 max-h-[28rem]"
            rows={6}
          />
          <ComposerDetails composer={composer} />
          <AddPollButton composer={composer} />
        </div>
        {!state.attachment && <MediaDropZone composer={composer} draft={draft} />}
        <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center">
          <DraftStatus draft={draft} disabled={pending} />
          <PostControls composer={composer} counterId={counterId} />
        </div>
      </form>
      <DraftPreview composer={composer} viewer={viewer} wallet={wallet} userId={userId} />
    </div>
  );
}

/** 'Add a poll' under a plain post's text (its fields then show above, with Remove poll). */
function AddPollButton({ composer }: { composer: ComposerController }) {
  const { state, dispatch, pending } = composer;
  if (state.vaultMode || state.capsuleMode || state.poll) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="self-start"
      disabled={pending}
      onClick={() => dispatch({ type: 'poll', poll: newPollDraft() })}
    >
      <ListChecks aria-hidden="true" />
      <Trans>Add a poll</Trans>
    </Button>
  );
}

interface KindOption {
  id: 'post' | 'vault' | 'capsule';
  label: MessageDescriptor;
  description: MessageDescriptor;
  icon: LucideIcon;
}

const KINDS: KindOption[] = [
  {
    id: 'post',
    label: msg({ message: 'Post', context: 'kind of post' }),
    description: msg`Text, with an image or audio if you like. Free; gone after 24 hours.`,
    icon: PenLine,
  },
  {
    id: 'vault',
    label: msg({ message: 'Vault', context: 'kind of post' }),
    description: msg`Locked behind a SOL target that supporters reach within 7 days. Kept.`,
    icon: Lock,
  },
  {
    id: 'capsule',
    label: msg`Time capsule`,
    description: msg`Sealed until the moment you choose, then in the feed. Kept.`,
    icon: Hourglass,
  },
];

/**
 * The kind of post: radio cards for a post, a vault and a time capsule, and a link to Mystery
 * Vaults (a mystery vault is made there).
 */
function PostKindPicker({ composer }: { composer: ComposerController }) {
  const { i18n } = useLingui();
  const name = useId();
  const { state, dispatch, pending } = composer;
  const picked = state.vaultMode ? 'vault' : state.capsuleMode ? 'capsule' : 'post';
  const pick = (id: KindOption['id']) => {
    dispatch({ type: 'vaultMode', on: id === 'vault' });
    if ((id === 'capsule') !== state.capsuleMode && id !== 'vault')
      dispatch({ type: 'toggleCapsule' });
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">
        <Trans>Type of post</Trans>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {KINDS.map((kind) => {
          const checked = picked === kind.id;
          const Icon = kind.icon;
          return (
            <label
              key={kind.id}
              className={cn(
                'relative flex flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                checked
                  ? kind.id === 'vault'
                    ? 'cursor-pointer border-dum/60 bg-dum/10'
                    : 'cursor-pointer border-primary/60 bg-primary/10'
                  : 'cursor-pointer border-border bg-surface-2/50 hover:border-primary/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={kind.id}
                checked={checked}
                disabled={pending}
                onChange={() => pick(kind.id)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="flex items-center gap-1.5 text-sm font-semibold">
                  <Icon
                    className={cn(
                      'size-4',
                      checked ? (kind.id === 'vault' ? 'text-dum' : 'text-primary') : 'text-muted',
                    )}
                    aria-hidden="true"
                  />
                  {i18n._(kind.label)}
                </span>
                {checked && (
                  <Check
                    className={cn('size-4', kind.id === 'vault' ? 'text-dum' : 'text-primary')}
                    aria-hidden="true"
                  />
                )}
              </span>
              <span className="text-xs leading-snug text-muted">{i18n._(kind.description)}</span>
            </label>
          );
        })}
        {/* A mystery vault is not a post: it is made on its own page. */}
        <Link
          to="/mystery-vaults?tab=mine"
          className="flex flex-col gap-1 rounded-xl border border-border bg-surface-2/50 p-3 transition-colors hover:border-primary/40"
        >
          <span className="flex items-center gap-1.5 text-sm font-semibold">
            <Sparkles className="size-4 text-muted" aria-hidden="true" />
            <Trans>Mystery vault</Trans>
          </span>
          <span className="text-xs leading-snug text-muted">
            <Trans>A teaser in front, a hidden target behind: made on Mystery Vaults.</Trans>
          </span>
        </Link>
      </div>
    </fieldset>
  );
}

/** Without a file yet: drop one here, or Add Image / Add Audio (the same checks as the feed's). */
function MediaDropZone({ composer, draft }: { composer: ComposerController; draft: CreateDraft }) {
  const { dispatch, pending } = composer;
  const [over, setOver] = useState(false);
  const lostName = draft.lostFile?.name;
  const attach = (attachment: Attachment) => dispatch({ type: 'attach', attachment });
  const pick = useAttachmentPick(attach);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!pending) pick(event.dataTransfer.files[0]);
  };
  return (
    <div
      data-testid="create-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-6 text-center transition-colors',
        over ? 'border-primary bg-primary/10' : 'border-border bg-surface-2/40',
      )}
    >
      {draft.restoringFile ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          <Trans>Restoring your draft’s file…</Trans>
        </p>
      ) : draft.lostFile ? (
        <p role="status" className="flex items-center gap-2 text-sm text-warning">
          <FileWarning className="size-4 shrink-0" aria-hidden="true" />
          {draft.lostFile.kind === 'image' ? (
            <Trans>
              Your draft had an image ({lostName}) this browser did not keep. Add it again.
            </Trans>
          ) : (
            <Trans>
              Your draft had an audio file ({lostName}) this browser did not keep. Add it again.
            </Trans>
          )}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Upload className="size-4 shrink-0" aria-hidden="true" />
          <Trans>Drop an image (up to 10 MB) or audio file (up to 50 MB) here, or</Trans>
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <MediaTools
          disabled={pending || draft.restoringFile}
          onAttach={attach}
          className="border border-border bg-surface"
        />
      </div>
    </div>
  );
}

/** "Draft saved on this device" and Discard draft (confirmed), once there is a draft. */
function DraftStatus({ draft, disabled }: { draft: CreateDraft; disabled: boolean }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  if (!draft.saved) {
    return (
      <p className="text-xs text-muted">
        <Trans>Drafts are kept on this device until you post.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="flex items-center gap-1.5 text-xs text-muted" data-testid="draft-saved">
        <Check className="size-3.5 text-success" aria-hidden="true" />
        <Trans>Draft saved on this device</Trans>
      </p>
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled}
        onClick={() => setConfirming(true)}
        className="text-danger hover:text-danger"
      >
        <Trash2 aria-hidden="true" />
        <Trans>Discard draft</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={false}
        title={<Trans>Discard this draft?</Trans>}
        description={
          <Trans>
            Its text, file and settings are removed from this device. This can’t be undone.
          </Trans>
        }
        action={
          <Button
            variant="danger"
            onClick={() => {
              draft.discard();
              setConfirming(false);
              toast({ title: t`Draft discarded` });
            }}
          >
            <Trans>Discard</Trans>
          </Button>
        }
      />
    </div>
  );
}

/**
 * The card as the feed will show it: the feed's own PostCard over a draft item, inert (nothing
 * in it can be pressed or focused: it is a picture of the post, the form above says it all).
 */
function DraftPreview({
  composer,
  viewer,
  wallet,
  userId,
}: {
  composer: ComposerController;
  viewer: Viewer;
  wallet: string;
  userId: string;
}) {
  const { t } = useLingui();
  const { state } = composer;
  const profile = useProfile(wallet, userId);
  const mediaUrl = useObjectUrl(state.attachment?.file ?? null);
  const [now] = useState(() => new Date());
  const author: PreviewAuthor = {
    id: userId,
    wallet,
    username: profile.data?.username ?? null,
    displayName: profile.data?.displayName ?? null,
    avatarUrl: profile.data?.avatarUrl ?? null,
    isVerified: profile.data?.isVerified ?? false,
  };
  const post = draftPreviewPost(state, author, mediaUrl, now);
  const empty = state.text.trim() === '' && !state.attachment;
  return (
    <aside
      aria-labelledby="create-preview-heading"
      className="min-w-0 lg:sticky lg:top-24 lg:self-start"
    >
      <h2 id="create-preview-heading" className="mb-2 text-sm font-semibold">
        <Trans>Preview</Trans>
      </h2>
      {empty ? (
        <PreviewPlaceholder>
          <Trans>Start writing to see your post as the feed will show it.</Trans>
        </PreviewPlaceholder>
      ) : (
        <div inert data-testid="create-preview" className="select-none">
          <PostCard post={post} viewer={viewer} referralCode={null} />
        </div>
      )}
      <p className="mt-2 text-xs text-muted">
        {state.vaultMode
          ? state.vaultKind === 'escrow'
            ? t`An escrow vault’s panel appears once the vault is on chain.`
            : t`Only you see a vault’s media until supporters reach its target.`
          : state.capsuleMode
            ? t`Until it opens, everyone else sees the sealed card: never its words or media.`
            : t`Free posts disappear 24 hours after you share them.`}
      </p>
    </aside>
  );
}

function PreviewPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-40 items-center justify-center rounded-card border border-dashed border-border bg-surface/40 px-6 text-center text-sm text-muted">
      {children}
    </div>
  );
}

/**
 * An object URL for the file while it is shown: made when the file changes (state adjusted in
 * render, React's way for derived values) and revoked once it is replaced or the page goes.
 */
function useObjectUrl(file: File | null): string | null {
  const [current, setCurrent] = useState<{ file: File; url: string } | null>(null);
  if ((current?.file ?? null) !== file) {
    setCurrent(file ? { file, url: URL.createObjectURL(file) } : null);
  }
  useEffect(
    () => () => {
      if (current) URL.revokeObjectURL(current.url);
    },
    [current],
  );
  return current?.file === file ? current.url : null;
}
