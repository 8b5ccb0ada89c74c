import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { BusyButton } from '../../components/ui/button.tsx';

/** A vault whose creation is not confirmed on chain yet; its creator can confirm it. */
export function PendingNotice({
  isCreator,
  busy,
  onConfirm,
}: {
  isCreator: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <div
      className="mt-3 rounded-lg border border-dashed border-dum/40 bg-background/40 px-3 py-3"
      data-testid="escrow-pending"
    >
      <p className="text-sm text-muted">
        {isCreator ? (
          <Trans>
            This vault is not on chain yet. Only you can see it until its transaction is confirmed;
            unconfirmed vaults are removed after an hour.
          </Trans>
        ) : (
          <Trans>Waiting for this vault to be confirmed on chain.</Trans>
        )}
      </p>
      {isCreator && (
        <BusyButton
          variant="dum"
          size="sm"
          className="mt-2"
          onClick={onConfirm}
          busy={busy}
          busyLabel={t`Confirming...`}
          icon={<RotateCw aria-hidden="true" />}
        >
          <Trans>Confirm on chain</Trans>
        </BusyButton>
      )}
    </div>
  );
}
