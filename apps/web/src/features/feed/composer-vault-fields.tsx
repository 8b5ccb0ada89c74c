import { VAULT_LOCK_STEP_SOL } from '@dum/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useId, type Dispatch } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import {
  isEscrowMode,
  type ComposerAction,
  type ComposerState,
  type VaultKind,
} from './composer-state.ts';

// Escrow vaults bring the program client (@solana/kit): loaded when escrow mode is picked.
const EscrowComposerFields = lazy(() =>
  import('../vaults/escrow-entry.ts').then((m) => ({ default: m.EscrowComposerFields })),
);

const VAULT_KINDS: { id: VaultKind; label: MessageDescriptor }[] = [
  { id: 'direct', label: msg`Direct` },
  { id: 'escrow', label: msg`Escrow (on-chain)` },
];

/** Vault mode's fields: the vault kind, then the direct target or the escrow options. */
export function ComposerVaultFields({
  state,
  dispatch,
  disabled,
}: {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl border border-dum/30 bg-dum/5 px-3.5 py-3">
      <div
        role="radiogroup"
        aria-label={t`Vault type`}
        className="inline-flex self-start rounded-lg border border-border bg-surface-2/70 p-0.5"
      >
        {VAULT_KINDS.map((kind) => (
          <button
            key={kind.id}
            type="button"
            role="radio"
            aria-checked={state.vaultKind === kind.id}
            disabled={disabled}
            onClick={() => dispatch({ type: 'vaultKind', kind: kind.id })}
            className={cn(
              'h-8 rounded-md px-3 text-xs font-semibold transition-colors disabled:opacity-50',
              state.vaultKind === kind.id
                ? 'bg-dum text-background'
                : 'text-muted hover:text-foreground',
            )}
          >
            {i18n._(kind.label)}
          </button>
        ))}
      </div>
      {isEscrowMode(state) ? (
        <Suspense fallback={<Skeleton className="h-16 w-full rounded-lg" />}>
          <EscrowComposerFields
            multiplier={state.multiplier}
            durationDays={state.durationDays}
            onMultiplierChange={(value) => dispatch({ type: 'multiplier', value })}
            onDurationDaysChange={(value) => dispatch({ type: 'durationDays', value })}
            disabled={disabled}
          />
        </Suspense>
      ) : (
        <DirectVaultField
          value={state.lockAmount}
          onChange={(value) => dispatch({ type: 'lockAmount', value })}
        />
      )}
    </div>
  );
}

function DirectVaultField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const lockId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Lock className="size-4 text-dum" aria-hidden="true" />
      <label htmlFor={lockId} className="text-sm font-medium">
        <Trans>SOL to lock</Trans>
      </label>
      <input
        id={lockId}
        type="number"
        inputMode="decimal"
        min={VAULT_LOCK_STEP_SOL}
        step={VAULT_LOCK_STEP_SOL}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-28 rounded-lg border border-border bg-surface-2 px-2.5 font-mono text-sm tabular-nums focus-visible:border-dum/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-dum/30"
      />
      <span className="text-xs text-muted">
        <Trans>Supporters unlock it together within 7 days.</Trans>
      </span>
    </div>
  );
}
