import {
  checkVaultAmount,
  DEFAULT_VAULT_LOCK_SOL,
  VAULT_LOCK_STEP_SOL,
  VAULT_MAX_TARGET_LAMPORTS,
  VAULT_MAX_TARGET_SOL,
  VAULT_MESSAGES,
} from '@dum/core';
import { ImagePlus, Loader2, Lock, LockOpen, Music, Sparkles, Wallet, X } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { cn } from '../../lib/cn.ts';
import { AUTH_TOASTS } from '../auth/auth-messages.ts';
import { vaultsEnabledIn } from '../vaults/vault-queries.ts';
import { useWallet } from '../wallet/wallet-context.tsx';
import { checkAttachment, type AttachmentKind } from './attachment.ts';
import { useCreatePost } from './feed-queries.ts';
import { charactersLeft, LENGTH_WARNING_REMAINING, POST_MAX_LENGTH } from './limits.ts';
import { useViewer, useWalletPrompt } from './use-viewer.ts';

// Escrow vaults bring the program client (@solana/kit): loaded when escrow mode is picked.
const EscrowComposerFields = lazy(() =>
  import('../vaults/escrow-entry.ts').then((m) => ({ default: m.EscrowComposerFields })),
);

type VaultKind = 'direct' | 'escrow';

const VAULT_KINDS: { id: VaultKind; label: string }[] = [
  { id: 'direct', label: 'Direct' },
  { id: 'escrow', label: 'Escrow (on-chain)' },
];

interface EscrowPostRequest {
  body: string;
  attachment: File | null;
  multiplier: string;
  durationDays: string;
}

/** Creating an escrow vault post: the whole flow (and its toasts) loads on first use. */
function useCreateEscrowPost(viewerWallet: string | null) {
  const queryClient = useQueryClient();
  const { wallet, account, config } = useWallet();
  return useMutation({
    mutationFn: async (input: EscrowPostRequest) => {
      const { createEscrowPost } = await import('../vaults/escrow-entry.ts');
      return createEscrowPost({ wallet, account, config, viewerWallet, queryClient }, input);
    },
  });
}

interface Attachment {
  file: File;
  kind: AttachmentKind;
}

const textareaClass =
  'block w-full resize-none rounded-xl border border-border bg-surface-2/70 px-3.5 py-3 text-[15px] leading-relaxed placeholder:text-subtle focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-60';

/** The composer of spec section 2: gated for signed-out visitors, text, media and vault mode. */
export function Composer() {
  const viewer = useViewer();
  if (!viewer.isAuthenticated) {
    // Its sign-in toast says posting is open now (spec section 8).
    const signIn = () => viewer.signIn({ successToast: AUTH_TOASTS.readyToPost });
    return <SignedOutComposer busy={viewer.status === 'signing-in'} signIn={signIn} />;
  }
  return <SignedInComposer />;
}

function SignedOutComposer({ busy, signIn }: { busy: boolean; signIn: () => Promise<boolean> }) {
  const wallet = useWalletPrompt();
  const textareaId = useId();
  if (wallet.restoring && !busy) return <ComposerSkeleton />;
  return (
    <section
      aria-label="Create a post"
      aria-busy={busy || wallet.connecting || undefined}
      data-testid="composer"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <label className="sr-only" htmlFor={textareaId}>
        What’s your vibe?
      </label>
      <textarea
        id={textareaId}
        disabled
        rows={2}
        placeholder="Connect your wallet to share your vibe…"
        className={textareaClass}
      />
      <div className="mt-3 flex flex-col items-stretch justify-between gap-3 sm:flex-row sm:items-center">
        <p className="text-sm text-muted">
          Sign in with your wallet to post, comment and mine DUM.
        </p>
        {busy || wallet.connecting ? (
          <Button disabled>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {busy ? 'Authenticating...' : 'Connecting...'}
          </Button>
        ) : wallet.connected ? (
          <Button onClick={() => void signIn()}>
            <Wallet aria-hidden="true" />
            Sign &amp; Authenticate
          </Button>
        ) : (
          <Button onClick={wallet.connect}>
            <Wallet aria-hidden="true" />
            Connect Wallet
          </Button>
        )}
      </div>
    </section>
  );
}

function ComposerSkeleton() {
  return (
    <section
      aria-label="Create a post"
      aria-busy="true"
      data-testid="composer"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <span className="sr-only" role="status">
        Loading composer…
      </span>
      <Skeleton className="h-[4.5rem] w-full rounded-xl" />
      <div className="mt-3 flex items-center justify-between gap-3">
        <Skeleton className="h-4 w-56 max-w-[60%]" />
        <Skeleton className="h-10 w-36 rounded-xl" />
      </div>
    </section>
  );
}

function SignedInComposer() {
  const viewer = useViewer();
  const textareaId = useId();
  const [text, setText] = useState('');
  const [vaultMode, setVaultMode] = useState(false);
  const [lockAmount, setLockAmount] = useState(DEFAULT_VAULT_LOCK_SOL);
  const [vaultKind, setVaultKind] = useState<VaultKind>('direct');
  const [multiplier, setMultiplier] = useState('2');
  const [durationDays, setDurationDays] = useState('7');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const create = useCreatePost();
  const createEscrow = useCreateEscrowPost(viewer.wallet);
  const vaultsEnabled = vaultsEnabledIn(useWallet().config);
  const lockId = useId();
  const counterId = useId();

  const trimmed = text.trim();
  const remaining = charactersLeft(text, POST_MAX_LENGTH);
  const tooLong = remaining < 0;
  const pending = create.isPending || createEscrow.isPending;
  const escrowMode = vaultMode && vaultKind === 'escrow';

  const pick = (file: File | undefined) => {
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return;
    }
    setAttachment({ file, kind: check.kind });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    if (!trimmed) {
      toast({
        title: 'Content required',
        description: 'Please write something to post',
        variant: 'destructive',
      });
      return;
    }
    if (tooLong) return;
    if (vaultMode && !vaultsEnabled) {
      toast({
        title: VAULT_MESSAGES.disabledTitle,
        description: VAULT_MESSAGES.disabled,
        variant: 'destructive',
      });
      return;
    }
    const reset = () => {
      setText('');
      setAttachment(null);
      setVaultMode(false);
      setVaultKind('direct');
      setLockAmount(DEFAULT_VAULT_LOCK_SOL);
      setMultiplier('2');
      setDurationDays('7');
    };
    if (escrowMode) {
      createEscrow.mutate(
        { body: trimmed, attachment: attachment?.file ?? null, multiplier, durationDays },
        { onSuccess: reset },
      );
      return;
    }
    if (vaultMode) {
      const check = checkVaultAmount(lockAmount, { max: VAULT_MAX_TARGET_LAMPORTS });
      if (!check.ok) {
        toast({
          title: 'Failed to Post',
          description:
            check.reason === 'below_minimum'
              ? VAULT_MESSAGES.minimum
              : check.reason === 'above_maximum'
                ? `A vault can lock at most ${VAULT_MAX_TARGET_SOL} SOL`
                : 'Please enter a valid numeric amount.',
          variant: 'destructive',
        });
        return;
      }
    }
    create.mutate(
      {
        body: trimmed,
        attachment: attachment?.file ?? null,
        vaultTarget: vaultMode ? lockAmount.trim() : undefined,
      },
      { onSuccess: reset },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
  };

  return (
    <section
      aria-label="Create a post"
      data-testid="composer"
      className={cn(
        'rounded-card border bg-surface/80 p-4 transition-colors',
        vaultMode ? 'border-dum/40' : 'border-border',
      )}
    >
      <form onSubmit={submit} noValidate aria-busy={pending || undefined}>
        <label htmlFor={textareaId} className="sr-only">
          What’s your vibe?
        </label>
        <textarea
          id={textareaId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={3}
          placeholder={vaultMode ? 'What are you locking in a vault?' : 'What’s your vibe?'}
          aria-describedby={remaining <= LENGTH_WARNING_REMAINING ? counterId : undefined}
          aria-invalid={tooLong || undefined}
          disabled={pending}
          className={cn(textareaClass, 'min-h-24 field-sizing-content max-h-80')}
        />

        {vaultMode && (
          <div className="mt-3 flex flex-col gap-3 rounded-xl border border-dum/30 bg-dum/5 px-3.5 py-3">
            <div
              role="radiogroup"
              aria-label="Vault type"
              className="inline-flex self-start rounded-lg border border-border bg-surface-2/70 p-0.5"
            >
              {VAULT_KINDS.map((kind) => (
                <button
                  key={kind.id}
                  type="button"
                  role="radio"
                  aria-checked={vaultKind === kind.id}
                  disabled={pending}
                  onClick={() => setVaultKind(kind.id)}
                  className={cn(
                    'h-8 rounded-md px-3 text-xs font-semibold transition-colors disabled:opacity-50',
                    vaultKind === kind.id
                      ? 'bg-dum text-background'
                      : 'text-muted hover:text-foreground',
                  )}
                >
                  {kind.label}
                </button>
              ))}
            </div>
            {escrowMode ? (
              <Suspense fallback={<Skeleton className="h-16 w-full rounded-lg" />}>
                <EscrowComposerFields
                  multiplier={multiplier}
                  durationDays={durationDays}
                  onMultiplierChange={setMultiplier}
                  onDurationDaysChange={setDurationDays}
                  disabled={pending}
                />
              </Suspense>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Lock className="size-4 text-dum" aria-hidden="true" />
                <label htmlFor={lockId} className="text-sm font-medium">
                  SOL to lock
                </label>
                <input
                  id={lockId}
                  type="number"
                  inputMode="decimal"
                  min={VAULT_LOCK_STEP_SOL}
                  step={VAULT_LOCK_STEP_SOL}
                  value={lockAmount}
                  onChange={(event) => setLockAmount(event.target.value)}
                  className="h-9 w-28 rounded-lg border border-border bg-surface-2 px-2.5 font-mono text-sm tabular-nums focus-visible:border-dum/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-dum/30"
                />
                <span className="text-xs text-muted">
                  Supporters unlock it together within 7 days.
                </span>
              </div>
            )}
          </div>
        )}

        {attachment && (
          <AttachmentPreview
            attachment={attachment}
            disabled={pending}
            onRemove={() => setAttachment(null)}
          />
        )}

        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          data-testid="composer-image-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <input
          ref={audioInput}
          type="file"
          accept="audio/*"
          hidden
          tabIndex={-1}
          data-testid="composer-audio-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />

        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="grid grid-cols-2 gap-1 sm:flex sm:flex-wrap sm:items-center sm:gap-1.5">
            <ToolButton
              onClick={() => imageInput.current?.click()}
              disabled={pending}
              icon={<ImagePlus aria-hidden="true" />}
            >
              Add Image
            </ToolButton>
            <ToolButton
              onClick={() => audioInput.current?.click()}
              disabled={pending}
              icon={<Music aria-hidden="true" />}
            >
              Add Audio
            </ToolButton>
            <ToolButton
              onClick={() => setVaultMode((on) => !on)}
              disabled={pending}
              pressed={vaultMode}
              icon={vaultMode ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
              tone={vaultMode ? 'text-dum hover:text-dum' : undefined}
            >
              {vaultMode ? 'Cancel Vault' : 'Create Vault'}
            </ToolButton>
            <ToolButton
              onClick={() =>
                toast({ title: 'Coming Soon', description: 'Fan Vaults launching soon!' })
              }
              icon={<Sparkles aria-hidden="true" />}
            >
              Create Fan Vault
            </ToolButton>
          </div>

          <div className="flex items-center gap-3 sm:ml-auto">
            {remaining <= LENGTH_WARNING_REMAINING && (
              <span
                id={counterId}
                aria-live="polite"
                data-testid="composer-counter"
                className={cn(
                  'font-mono text-xs tabular-nums',
                  tooLong ? 'font-semibold text-danger' : 'text-warning',
                )}
              >
                {remaining}
                <span className="sr-only"> characters left</span>
              </span>
            )}
            <Button
              type="submit"
              disabled={!trimmed || tooLong || pending}
              className="flex-1 sm:flex-none"
            >
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {pending ? (vaultMode ? 'Creating Vault...' : 'Posting...') : 'Post'}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

function ToolButton({
  children,
  icon,
  onClick,
  disabled,
  pressed,
  tone = 'text-muted hover:text-foreground',
}: {
  children: string;
  icon: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  /** Text colours, resting and hovered. */
  tone?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-xl px-2.5 text-xs font-semibold transition-colors hover:bg-surface-2 disabled:pointer-events-none disabled:opacity-50 sm:text-sm [&_svg]:size-4',
        tone,
      )}
    >
      {icon}
      <span>{children}</span>
    </button>
  );
}

function AttachmentPreview({
  attachment,
  disabled,
  onRemove,
}: {
  attachment: Attachment;
  disabled: boolean;
  onRemove: () => void;
}) {
  // The object URL is made and revoked with the element that shows it (StrictMode-safe).
  const mediaRef = useRef<HTMLImageElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = mediaRef.current;
    if (!element) return;
    const objectUrl = URL.createObjectURL(attachment.file);
    element.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [attachment.file, attachment.kind]);

  return (
    <div
      data-testid="attachment-preview"
      className="relative mt-3 overflow-hidden rounded-xl border border-border bg-surface-2/60"
    >
      {attachment.kind === 'image' ? (
        <img
          ref={mediaRef}
          alt={`Preview of ${attachment.file.name}`}
          className="mx-auto max-h-72 w-full object-contain"
        />
      ) : (
        <div className="flex flex-col gap-2 p-3 pr-28">
          <span className="flex items-center gap-2 truncate text-sm font-medium">
            <Music className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="truncate">{attachment.file.name}</span>
          </span>
          <audio
            ref={mediaRef}
            controls
            aria-label={`Preview of ${attachment.file.name}`}
            className="w-full"
          />
        </div>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={onRemove}
        disabled={disabled}
        className="absolute top-2 right-2 bg-surface/90 backdrop-blur hover:bg-surface-3"
      >
        <X aria-hidden="true" />
        Remove
      </Button>
    </div>
  );
}
