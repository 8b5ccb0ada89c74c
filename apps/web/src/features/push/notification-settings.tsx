import { PUSH_KINDS, type PushKind, type PushSettings } from '@dum/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Bell, BellOff } from 'lucide-react';
import { BusyButton } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { Viewer } from '../auth/index.ts';
import { ConnectPrompt } from '../auth/index.ts';
import { pushSupported, type PushPermission } from './push-device.ts';
import { usePushDevice, usePushSettings, useSetPushKind, useTogglePush } from './push-queries.ts';
import { PageHeader } from '../../components/ui/page-title.tsx';

/** Each kind's name (core's PUSH_KIND_LABELS, in the active language). */
const KIND_LABELS: Record<PushKind, MessageDescriptor> = {
  messages: msg`Messages and tips`,
  mentions: msg`Mentions and replies`,
  followers: msg`New followers`,
  vaults: msg`Vault funded or unlocked`,
  capsules: msg`Capsule opened`,
};

/** What each kind covers, under its name. */
const KIND_HINTS: Record<PushKind, MessageDescriptor> = {
  messages: msg`A direct message, or a tip that came with one.`,
  mentions: msg`Someone mentions you or replies to you.`,
  followers: msg`Someone follows you.`,
  vaults: msg`Your vault gets support, or a vault you are in unlocks or opens.`,
  capsules: msg`A time capsule you wait for opens.`,
};

/** /notifications: this device's Web Push subscription and which kinds of news reach it. */
export function NotificationSettings({ viewer }: { viewer: Viewer }) {
  const { t } = useLingui();
  useDocumentTitle(t`Notifications`);
  const supported = pushSupported();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader
        icon={<Bell className="size-6 text-primary" aria-hidden="true" />}
        title={<Trans>Notifications</Trans>}
        subtitle={
          <Trans>Hear of messages, tips, followers and your vaults when Dum Club is closed.</Trans>
        }
      />
      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title={t`Sign in to choose your notifications`}>
          <Trans>Notifications go to the devices of the wallet you sign in with.</Trans>
        </ConnectPrompt>
      ) : (
        <SignedInSettings supported={supported} />
      )}
    </div>
  );
}

function SignedInSettings({ supported }: { supported: boolean }) {
  const { t } = useLingui();
  const settings = usePushSettings(true);
  const device = usePushDevice(supported);
  if (settings.isPending || (supported && device.isPending)) {
    return (
      <div
        aria-busy="true"
        aria-label={t`Loading your notification settings`}
        className="flex flex-col gap-3"
      >
        <Skeleton className="h-24 rounded-card" />
        <Skeleton className="h-64 rounded-card" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <LoadError
        title={t`Could not load your notification settings`}
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {supported ? (
        <DeviceCard
          subscribed={device.data?.subscribed ?? false}
          permission={device.data?.permission ?? 'default'}
          devices={settings.data.devices}
        />
      ) : (
        <section
          data-testid="push-unsupported"
          className="rounded-card border border-border bg-surface/70 px-6 py-8 text-center"
        >
          <BellOff className="mx-auto mb-2 size-8 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold">
            <Trans>This browser cannot receive notifications</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              Open Dum Club in a browser with notifications (or install it to your home screen) to
              turn them on there. Your choices below apply to every device you subscribe.
            </Trans>
          </p>
        </section>
      )}
      <KindToggles settings={settings.data} />
    </div>
  );
}

const PERMISSION_TEXT: Record<PushPermission, MessageDescriptor> = {
  default: msg`Your browser will ask whether Dum Club may notify you.`,
  granted: msg`Your browser allows Dum Club to notify you.`,
  denied: msg`Notifications are blocked for this site. Allow them in your browser’s site settings.`,
};

function DeviceCard({
  subscribed,
  permission,
  devices,
}: {
  subscribed: boolean;
  permission: PushPermission;
  devices: number;
}) {
  const { t, i18n } = useLingui();
  const toggle = useTogglePush();
  const on = subscribed && permission === 'granted';
  return (
    <section
      aria-labelledby="push-device-heading"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface/80 p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 id="push-device-heading" className="font-semibold">
          {on ? t`On for this device` : t`Off for this device`}
        </h2>
        <p className="mt-0.5 text-sm text-muted" data-testid="push-permission">
          {i18n._(PERMISSION_TEXT[permission])}
        </p>
        <p className="mt-0.5 text-xs text-subtle">
          <Plural value={devices} one="# device subscribed" other="# devices subscribed" />
        </p>
      </div>
      <BusyButton
        variant={on ? 'secondary' : 'primary'}
        busy={toggle.isPending}
        busyLabel={on ? t`Disabling…` : t`Enabling…`}
        icon={on ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        disabled={toggle.isPending || (!on && permission === 'denied')}
        onClick={() => toggle.mutate(!on)}
      >
        {on ? t`Disable` : t`Enable`}
      </BusyButton>
    </section>
  );
}

function KindToggles({ settings }: { settings: PushSettings }) {
  const { i18n } = useLingui();
  const setKind = useSetPushKind();
  return (
    <section
      aria-labelledby="push-kinds-heading"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <h2 id="push-kinds-heading" className="font-semibold">
        <Trans>What to hear about</Trans>
      </h2>
      <ul className="mt-2 divide-y divide-border">
        {PUSH_KINDS.map((kind) => {
          const id = `push-kind-${kind}`;
          return (
            <li key={kind} className="flex items-center gap-3 py-3">
              <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                <span className="block text-sm font-medium">{i18n._(KIND_LABELS[kind])}</span>
                <span className="block text-xs text-muted">{i18n._(KIND_HINTS[kind])}</span>
              </label>
              <input
                id={id}
                type="checkbox"
                role="switch"
                data-testid={id}
                className="size-5 shrink-0 cursor-pointer accent-primary"
                checked={settings.kinds[kind]}
                aria-checked={settings.kinds[kind]}
                onChange={(event) => setKind.mutate({ kind, on: event.target.checked })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
