import {
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  textLength,
  USERNAME_MAX_LENGTH,
} from '@dum/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, ImageUp, Loader2, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { BusyButton, Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeading,
} from '../../components/ui/dialog.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { checkAttachment } from '../post/index.ts';
import { Avatar } from '../post/index.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  uploadAvatar,
  useDebounced,
  USERNAME_CHECK_DELAY_MS,
  useUpdateProfile,
  useUsernameAvailability,
} from './people-queries.ts';
import { personName } from './profile-display.ts';
import {
  changesOf,
  characterCount,
  draftErrors,
  draftOf,
  serverFieldErrors,
  usernameRule,
  usernameRuleProblem,
  usernameProblem,
  type FieldErrors,
  type ProfileDraft,
  type ProfileField,
} from './profile-form.ts';
import type { UserProfile } from './types.ts';

const FIELD_CLASS =
  'w-full rounded-xl border bg-surface-2 px-3 text-sm placeholder:text-subtle focus-visible:outline-none focus-visible:ring-2';
const INPUT_CLASS = `${FIELD_CLASS} h-10`;
const VALID_INPUT = 'border-border focus-visible:border-primary/60 focus-visible:ring-primary/30';
const INVALID_INPUT = 'border-danger/70 focus-visible:border-danger focus-visible:ring-danger/30';

/** 'Edit profile': picture, username (checked as typed), display name and bio. */
export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: UserProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
          <DialogHeading
            title={<Trans>Edit profile</Trans>}
            description={<Trans>How other people see you on Dum Club.</Trans>}
          />
          <EditProfileForm profile={profile} onSaved={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

export function EditProfileForm({
  profile,
  onSaved,
}: {
  profile: UserProfile;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile(profile.solAddress);
  const avatar = useAvatarUpload();
  const username = useUsernameCheck(draft.username.trim(), profile.username ?? '');

  const errors: FieldErrors = {
    ...draftErrors(draft, profile),
    ...(username.taken ? { username: username.message ?? t`That username is taken.` } : {}),
    ...(avatar.error ? { avatarUrl: avatar.error } : {}),
    ...serverErrors,
  };
  const changes = changesOf(draft, profile);
  const hasChanges = Object.keys(changes).length > 0;
  const blocked = Object.keys(errors).length > 0 || avatar.uploading || username.checking;

  const edit = (field: ProfileField, value: string | null) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!hasChanges || blocked) return;
    update.mutate(changes, {
      onSuccess: onSaved,
      onError: (error) => {
        const fields =
          error instanceof ApiError
            ? serverFieldErrors(error.code, error.message, error.details)
            : {};
        if (Object.keys(fields).length > 0) setServerErrors(fields);
        else setFormError(errorMessage(error));
      },
    });
  };

  const ids = {
    username: useId(),
    displayName: useId(),
    bio: useId(),
    avatar: useId(),
  };
  const name = personName({ ...profile, displayName: draft.displayName, username: draft.username });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <AvatarField
        id={ids.avatar}
        name={name}
        src={avatar.preview ?? draft.avatarUrl}
        progress={avatar.progress}
        error={errors.avatarUrl}
        onChoose={(file) =>
          void avatar.upload(file).then((mediaUrl) => {
            if (mediaUrl) edit('avatarUrl', mediaUrl);
          })
        }
        onRemove={
          draft.avatarUrl || avatar.preview
            ? () => {
                avatar.reset();
                edit('avatarUrl', null);
              }
            : undefined
        }
      />

      <Field
        id={ids.username}
        label={t`Username`}
        error={errors.username}
        hint={<UsernameStatus check={username} hasError={Boolean(errors.username)} />}
        counter={`${textLength(draft.username.trim())}/${USERNAME_MAX_LENGTH}`}
      >
        {(described) => (
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-subtle"
            >
              @
            </span>
            <input
              id={ids.username}
              name="username"
              value={draft.username}
              onChange={(event) => edit('username', event.target.value)}
              placeholder={profile.username ? undefined : 'pick_a_name'}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={described}
              className={cn(INPUT_CLASS, 'pl-7', errors.username ? INVALID_INPUT : VALID_INPUT)}
            />
          </div>
        )}
      </Field>

      <Field
        id={ids.displayName}
        label={t`Display name`}
        error={errors.displayName}
        counter={`${characterCount(draft.displayName)}/${DISPLAY_NAME_MAX_LENGTH}`}
        over={characterCount(draft.displayName) > DISPLAY_NAME_MAX_LENGTH}
      >
        {(described) => (
          <input
            id={ids.displayName}
            name="displayName"
            value={draft.displayName}
            onChange={(event) => edit('displayName', event.target.value)}
            autoComplete="nickname"
            aria-invalid={errors.displayName ? true : undefined}
            aria-describedby={described}
            className={cn(INPUT_CLASS, errors.displayName ? INVALID_INPUT : VALID_INPUT)}
          />
        )}
      </Field>

      <Field
        id={ids.bio}
        label={t`Bio`}
        error={errors.bio}
        counter={`${characterCount(draft.bio)}/${BIO_MAX_LENGTH}`}
        over={characterCount(draft.bio) > BIO_MAX_LENGTH}
      >
        {(described) => (
          <textarea
            id={ids.bio}
            name="bio"
            rows={3}
            value={draft.bio}
            onChange={(event) => edit('bio', event.target.value)}
            placeholder={t`A line about you and your vibe`}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={described}
            className={cn(
              FIELD_CLASS,
              'resize-none py-2.5 leading-relaxed',
              errors.bio ? INVALID_INPUT : VALID_INPUT,
            )}
          />
        )}
      </Field>

      {formError && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger/5 p-3 text-sm">
          {formError}
        </p>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary" disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <BusyButton
          type="submit"
          busy={update.isPending}
          busyLabel={t`Saving...`}
          disabled={!hasChanges || blocked || update.isPending}
          icon={<Check aria-hidden="true" />}
        >
          <Trans>Save</Trans>
        </BusyButton>
      </DialogFooter>
    </form>
  );
}

/** A labelled field with its hint or error and its character counter, tied by aria-describedby. */
function Field({
  id,
  label,
  error,
  hint,
  counter,
  over = false,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  counter: string;
  over?: boolean;
  children: (describedBy: string) => ReactNode;
}) {
  const messageId = `${id}-message`;
  const counterId = `${id}-counter`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <span
          id={counterId}
          className={cn('font-mono text-xs tabular-nums', over ? 'text-danger' : 'text-subtle')}
        >
          {counter}
        </span>
      </div>
      {children(`${messageId} ${counterId}`)}
      <div id={messageId} className="min-h-5 text-xs">
        {error ? (
          <p role="alert" className="text-danger">
            {error}
          </p>
        ) : (
          hint
        )}
      </div>
    </div>
  );
}

function AvatarField({
  id,
  name,
  src,
  progress,
  error,
  onChoose,
  onRemove,
}: {
  id: string;
  name: string;
  src: string | null;
  progress: number | null;
  error: string | undefined;
  onChoose: (file: File) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <fieldset className="flex items-center gap-4" aria-describedby={`${id}-message`}>
      <legend className="sr-only">
        <Trans>Profile picture</Trans>
      </legend>
      <div className="relative">
        <Avatar name={name} src={src} size="xl" />
        {uploading && (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-background/60">
            <Loader2 className="size-6 animate-spin" aria-hidden="true" />
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label={t`Choose a profile picture`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            <ImageUp aria-hidden="true" />
            <Trans>Change picture</Trans>
          </Button>
          {onRemove && (
            <Button variant="ghost" size="sm" disabled={uploading} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              <Trans>Remove</Trans>
            </Button>
          )}
        </div>
        {uploading && <Progress value={progress} label={t`Uploading picture`} />}
        <div id={`${id}-message`} className="text-xs">
          {error ? (
            <p role="alert" className="text-danger">
              {error}
            </p>
          ) : (
            <p className="text-subtle">
              {uploading ? (
                <Trans>Uploading… {percent}%</Trans>
              ) : (
                <Trans>Square works best; it is cropped to a square.</Trans>
              )}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

interface UsernameCheck {
  /** The name differs from the current one and is well formed: it is being or was checked. */
  state: 'unchanged' | 'invalid' | 'checking' | 'available' | 'taken' | 'unknown';
  checking: boolean;
  taken: boolean;
  message: string | null;
  username: string;
}

/** The username's availability, asked once typing pauses. */
function useUsernameCheck(username: string, current: string): UsernameCheck {
  const { t } = useLingui();
  const settled = useDebounced(username, USERNAME_CHECK_DELAY_MS);
  const changed = username !== '' && username !== current;
  const wellFormed = usernameProblem(username) === null;
  const ask = changed && wellFormed && settled === username;
  const query = useUsernameAvailability(username, ask);
  const base = { username, message: null };
  if (!changed) return { ...base, state: 'unchanged', checking: false, taken: false };
  if (!wellFormed) return { ...base, state: 'invalid', checking: false, taken: false };
  if (!ask || query.isPending) return { ...base, state: 'checking', checking: true, taken: false };
  if (query.isError) return { ...base, state: 'unknown', checking: false, taken: false };
  if (query.data.available) return { ...base, state: 'available', checking: false, taken: false };
  return {
    ...base,
    state: 'taken',
    checking: false,
    taken: query.data.reason === 'taken',
    message: query.data.reason === 'taken' ? t`That username is taken.` : usernameRuleProblem(),
  };
}

function UsernameStatus({ check, hasError }: { check: UsernameCheck; hasError: boolean }) {
  const checkedName = check.username;
  if (hasError) return null;
  switch (check.state) {
    case 'checking':
      return (
        <p className="inline-flex items-center gap-1.5 text-muted" role="status">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" />
          <Trans>Checking availability…</Trans>
        </p>
      );
    case 'available':
      return (
        <p className="inline-flex items-center gap-1.5 text-success" role="status">
          <Check className="size-3" aria-hidden="true" />
          <Trans>@{checkedName} is available</Trans>
        </p>
      );
    case 'unknown':
      return (
        <p className="inline-flex items-center gap-1.5 text-muted" role="status">
          <X className="size-3" aria-hidden="true" />
          <Trans>Couldn’t check availability; saving will tell.</Trans>
        </p>
      );
    default:
      return <p className="text-subtle">{usernameRule()}.</p>;
  }
}

/** The chosen picture: its preview at once, its upload with progress, and the media URL. */
function useAvatarUpload() {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const reset = () => {
    controller.current?.abort();
    setPreview(null);
    setProgress(null);
    setError(null);
  };

  const upload = async (file: File): Promise<string | null> => {
    const check = checkAttachment(file);
    if (!check.ok || check.kind !== 'image') {
      setError(check.ok ? t`Please choose an image file.` : check.description);
      return null;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const media = await uploadAvatar(file, setProgress, current.signal);
      if (media.mediaType !== 'image') throw new Error(t`Please choose an image file.`);
      return media.mediaUrl;
    } catch (cause) {
      if (current.signal.aborted) return null;
      setPreview(null);
      const reason = errorMessage(cause);
      setError(t`Failed to upload media: ${reason}`);
      return null;
    } finally {
      if (controller.current === current) setProgress(null);
    }
  };

  return { preview, progress, uploading: progress !== null, error, upload, reset };
}
