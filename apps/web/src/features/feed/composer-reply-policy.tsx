import { REPLY_POLICIES, type ReplyPolicy } from '@dum/core';
import { Trans } from '@lingui/react/macro';
import { MessageCircleReply } from 'lucide-react';
import { useId } from 'react';
import { REPLY_POLICY_LABELS } from '../post/index.ts';

/**
 * Who may reply to the post being written (docs/api.md "Who may reply"): a native select, so
 * the keyboard and screen readers get the platform's own picker.
 */
export function ReplyPolicyPicker({
  value,
  onChange,
  disabled,
}: {
  value: ReplyPolicy;
  onChange: (policy: ReplyPolicy) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-3 flex items-center gap-2 text-sm">
      <MessageCircleReply className="size-4 shrink-0 text-muted" aria-hidden="true" />
      <label htmlFor={id} className="whitespace-nowrap text-muted">
        <Trans>Who can reply</Trans>
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as ReplyPolicy)}
        className="h-8 min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-2 sm:max-w-56 sm:flex-none text-sm text-foreground focus-visible:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 disabled:opacity-50"
      >
        {REPLY_POLICIES.map((policy) => (
          <option key={policy} value={policy}>
            {REPLY_POLICY_LABELS[policy]}
          </option>
        ))}
      </select>
    </div>
  );
}
