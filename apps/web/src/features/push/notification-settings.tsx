import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind, type PushSettings } from '@dum/core';
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

/** What each kind covers, under its name. */
const KIND_HINTS: Record<PushKind, string> = {
  messages: 'A direct message, or a tip that came with one.',
  mentions: 'Someone mentions you or replies to you.',
  followers: 'Someone follows you.',
  vaults: 'Your vault gets support, or a vault you are in unlocks or opens.',
  capsules: 'A time capsule you wait for opens.',
};

export const UNSUPPORTED_TEXT = 'This browser cannot receive notifications';

/** /notifications: this device's Web Push subscription and which kinds of news reach it. */
export function NotificationSettings({ viewer }: { viewer: Viewer }) {
  useDocumentTitle('Notifications');
  const supported = pushSupported();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <header className="mb-5">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Bell className="size-6 text-primary" aria-hidden="true" />
          Notifications
        </h1>
        <p className="mt-1 text-sm text-muted">
          Hear of messages, tips, followers and your vaults when Dum Club is closed.
        </p>
      </header>
      {!viewer.isAuthenticated ? (
        <ConnectPrompt viewer={viewer} title="Sign in to choose your notifications">
          Notifications go to the devices of the wallet you sign in with.
        </ConnectPrompt>
      ) : (
        <SignedInSettings supported={supported} />
      )}
    </div>
  );
}

function SignedInSettings({ supported }: { supported: boolean }) {
  const settings = usePushSettings(true);
  const device = usePushDevice(supported);
  if (settings.isPending || (supported && device.isPending)) {
    return (
      <div
        aria-busy="true"
        aria-label="Loading your notification settings"
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
        title="Could not load your notification settings"
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
          <h2 className="text-lg font-semibold">{UNSUPPORTED_TEXT}</h2>
          <p className="mt-1 text-sm text-muted">
            Open Dum Club in a browser with notifications (or install it to your home screen) to
            turn them on there. Your choices below apply to every device you subscribe.
          </p>
        </section>
      )}
      <KindToggles settings={settings.data} />
    </div>
  );
}

const PERMISSION_TEXT: Record<PushPermission, string> = {
  default: 'Your browser will ask whether Dum Club may notify you.',
  granted: 'Your browser allows Dum Club to notify you.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings.',
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
  const toggle = useTogglePush();
  const on = subscribed && permission === 'granted';
  return (
    <section
      aria-labelledby="push-device-heading"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface/80 p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 id="push-device-heading" className="font-semibold">
          {on ? 'On for this device' : 'Off for this device'}
        </h2>
        <p className="mt-0.5 text-sm text-muted" data-testid="push-permission">
          {PERMISSION_TEXT[permission]}
        </p>
        <p className="mt-0.5 text-xs text-subtle">
          {devices === 1 ? '1 device subscribed' : `${devices} devices subscribed`}
        </p>
      </div>
      <BusyButton
        variant={on ? 'secondary' : 'primary'}
        busy={toggle.isPending}
        busyLabel={on ? 'Disabling…' : 'Enabling…'}
        icon={on ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
        disabled={toggle.isPending || (!on && permission === 'denied')}
        onClick={() => toggle.mutate(!on)}
      >
        {on ? 'Disable' : 'Enable'}
      </BusyButton>
    </section>
  );
}

function KindToggles({ settings }: { settings: PushSettings }) {
  const setKind = useSetPushKind();
  return (
    <section
      aria-labelledby="push-kinds-heading"
      className="rounded-card border border-border bg-surface/80 p-4"
    >
      <h2 id="push-kinds-heading" className="font-semibold">
        What to hear about
      </h2>
      <ul className="mt-2 divide-y divide-border">
        {PUSH_KINDS.map((kind) => {
          const id = `push-kind-${kind}`;
          return (
            <li key={kind} className="flex items-center gap-3 py-3">
              <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                <span className="block text-sm font-medium">{PUSH_KIND_LABELS[kind]}</span>
                <span className="block text-xs text-muted">{KIND_HINTS[kind]}</span>
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
