import { t } from '@lingui/core/macro';
import {
  DUM_DECIMALS,
  STAKE_MESSAGES,
  formatBaseUnits,
  parseDecimalAmount,
  type StakeAction,
} from '@dum/core';
import { formatDecimal } from '../../lib/i18n/index.ts';

/**
 * The rules of the stake dialog (amount checks, Max, failure messages), as plain functions. The amount
 * checks themselves are `validateStakeAmount` from packages/core, which the server runs too.
 */

/** Max fills the full available amount to 9 decimals: 12.5 DUM -> "12.500000000". */
export function maxStakeAmount(available: bigint): string {
  return formatBaseUnits(available, DUM_DECIMALS);
}

/**
 * Submit is disabled while pending, when the field is empty, or when its value is 0 or less.
 * Text that is not a number at all stays submittable, so the person is told why it is wrong.
 */
export function isStakeSubmitDisabled(amount: string, pending: boolean): boolean {
  if (pending) return true;
  const text = amount.trim();
  if (text === '') return true;
  if (/^-\s*(\d|\.\d)/.test(text)) return true;
  const parsed = parseDecimalAmount(text);
  return parsed.ok && parsed.value === 0n;
}

/** The confirm button's label: the action, or what is happening while it is pending. */
export function stakeConfirmLabel(mode: StakeAction, pending: boolean): string {
  if (pending) return mode === 'stake' ? t`Staking...` : t`Unstaking...`;
  return mode === 'stake' ? t`Stake Tokens` : t`Unstake Tokens`;
}

/** Stake failure: an errors array joined by '; ', else the message, else the default. */
export function stakeFailureMessage(error: unknown, action: StakeAction): string {
  const errors = errorList(error);
  if (errors.length > 0) return errors.map(stakeMessageText).join('; ');
  if (error instanceof Error && error.message.trim() !== '') return stakeMessageText(error.message);
  return stakeMessageText(STAKE_MESSAGES.failed(action));
}

const INSUFFICIENT =
  /^Insufficient Balance: You only have (\d+(?:\.\d+)?) DUM tokens available to (stake|unstake)\.$/;

/**
 * Core's stake messages (`STAKE_MESSAGES`: the shared validator's and the server's, in English) in
 * the active language; any other text is returned as it is. Spanish keeps the 'Title: Description'
 * form that `toastParts` splits.
 */
export function stakeMessageText(message: string): string {
  switch (message) {
    case STAKE_MESSAGES.invalidFormat:
      return t`Invalid Format: Please enter a valid amount with up to 9 decimal places.`;
    case STAKE_MESSAGES.invalidAmount:
      return t`Invalid Amount: Amount must be greater than 0.`;
    case STAKE_MESSAGES.unparsable:
      return t`Please enter a valid numeric amount.`;
    case STAKE_MESSAGES.failed('stake'):
      return t`Failed to stake tokens.`;
    case STAKE_MESSAGES.failed('unstake'):
      return t`Failed to unstake tokens.`;
    case STAKE_MESSAGES.success('stake'):
      return t`Tokens Staked!`;
    case STAKE_MESSAGES.success('unstake'):
      return t`Tokens Unstaked!`;
  }
  const insufficient = INSUFFICIENT.exec(message);
  if (insufficient?.[1] !== undefined) {
    const available = formatDecimal(insufficient[1], DUM_DECIMALS);
    return insufficient[2] === 'stake'
      ? t`Insufficient Balance: You only have ${available} DUM tokens available to stake.`
      : t`Insufficient Balance: You only have ${available} DUM tokens available to unstake.`;
  }
  return message;
}

function errorList(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const candidates = [
    (error as { errors?: unknown }).errors,
    (error as { details?: { errors?: unknown } }).details?.errors,
  ];
  for (const candidate of candidates) {
    if (Array.isArray(candidate)) {
      const texts = candidate
        .map((item: unknown) =>
          typeof item === 'string'
            ? item
            : typeof item === 'object' && item !== null && 'message' in item
              ? String(item.message)
              : '',
        )
        .filter((text) => text !== '');
      if (texts.length > 0) return texts;
    }
  }
  return [];
}

/**
 * The spec writes toast texts as 'Title: Description'. Splits at the first ': ' so the toast
 * shows them as title and description; a message without one is all description.
 */
export function toastParts(message: string): { title?: string; description: string } {
  const at = message.indexOf(': ');
  if (at <= 0 || at > 40) return { description: message };
  return { title: message.slice(0, at), description: message.slice(at + 2) };
}
