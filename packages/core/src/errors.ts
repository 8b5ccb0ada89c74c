import { COMMENT_MAX_LENGTH, POST_ALT_TEXT_MAX_LENGTH, POST_MAX_LENGTH } from './feed-limits.ts';
import { ESCROW_MESSAGES } from './escrow.ts';
import { DM_BODY_MAX_LENGTH } from './people-limits.ts';
import { VAULT_MAX_TARGET_SOL, VAULT_MESSAGES } from './vaults.ts';

/**
 * The error catalogue: one code per failure the API can answer, its HTTP status and the
 * user-facing message (the product's own texts, verbatim). Services throw
 * `AppError(code)`; the server's one error handler turns it into
 * `{ error: { code, message, details? } }`; the web app's API client turns that back into an
 * `ApiError` whose message toasts read.
 */
export const ERRORS = {
  // Generic request problems.
  bad_request: { status: 400, message: 'The request is not valid.' },
  validation_failed: { status: 400, message: 'Some fields are not valid.' },
  malformed_json: { status: 400, message: 'The request body is not valid JSON.' },
  unknown_query_parameter: {
    status: 400,
    message: 'The request has a query parameter this endpoint does not take.',
  },
  unauthorized: { status: 401, message: 'Authentication required.' },
  forbidden: { status: 403, message: 'You are not allowed to do that.' },
  not_found: { status: 404, message: 'Not found.' },
  route_not_found: { status: 404, message: 'No such API endpoint.' },
  method_not_allowed: { status: 405, message: 'That method is not allowed here.' },
  conflict: { status: 409, message: 'That conflicts with the current state.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'That content type is not supported here.' },
  rate_limited: { status: 429, message: 'Too many requests. Please try again later.' },
  internal: { status: 500, message: 'Something went wrong' },
  service_unavailable: {
    status: 503,
    message: 'The service is starting or shutting down. Please try again.',
  },
  chain_unavailable: {
    status: 503,
    message: 'The Solana cluster is not answering. Please try again.',
  },

  // Amounts (the stake dialog and vault supports).
  invalid_amount: { status: 400, message: 'Please enter a valid numeric amount.' },
  insufficient_balance: { status: 409, message: 'Insufficient Balance' },

  // Sign-in (docs/api.md "Auth"). The web app shows its own sign-in texts for these; the
  // messages here say precisely what failed, for the developer reading the network tab.
  auth_challenge_invalid: {
    status: 401,
    message: 'The sign-in challenge expired or was already used. Please try again.',
  },
  auth_message_mismatch: {
    status: 401,
    message: 'The signed message is not the sign-in challenge that was issued.',
  },
  auth_signature_invalid: {
    status: 401,
    message: 'Signature verification failed. Please try again.',
  },
  auth_transaction_invalid: {
    status: 401,
    message:
      'The signed transaction must be signed by the wallet alone and hold only a Memo instruction carrying the sign-in message.',
  },
  auth_refresh_invalid: {
    status: 401,
    message: 'Your session has ended. Please sign in again.',
  },

  // Feed and uploads (spec sections 5 and 8; docs/api.md "Feed" and "Uploads"). The spec's
  // toasts pair a title with these texts: 'Content required', 'Invalid file type', 'Vaults
  // disabled'.
  content_required: { status: 400, message: 'Please write something to post' },
  post_too_long: {
    status: 400,
    message: `Posts can be at most ${POST_MAX_LENGTH} characters`,
  },
  alt_text_too_long: {
    status: 400,
    message: `Alt text can be at most ${POST_ALT_TEXT_MAX_LENGTH} characters`,
  },
  comment_required: { status: 400, message: 'Please write a comment' },
  comment_too_long: {
    status: 400,
    message: `Comments can be at most ${COMMENT_MAX_LENGTH} characters`,
  },
  vaults_disabled: {
    status: 403,
    message: 'Timelock vaults are not available in this environment',
  },
  post_not_found: { status: 404, message: 'This post does not exist or has expired.' },
  comment_not_found: { status: 404, message: 'This comment does not exist.' },
  // Who may reply (docs/api.md "Who may reply").
  reply_not_allowed: { status: 403, message: 'The author limited who can reply to this post.' },
  invalid_cursor: { status: 400, message: 'The page cursor is not valid.' },
  media_not_attachable: {
    status: 400,
    message: 'That media was not uploaded by you, or another post already uses it.',
  },
  invalid_file_type: { status: 415, message: 'Please upload an image or audio file' },
  image_too_large: { status: 413, message: 'Images must be under 10MB' },
  audio_too_large: { status: 413, message: 'Audio files must be under 50MB' },
  upload_rate_limited: { status: 429, message: 'Too many uploads. Please try again later.' },
  upload_quota_exceeded: {
    status: 413,
    message: 'Your storage is full. Delete a post with media before uploading more.',
  },
  upload_ip_quota_exceeded: {
    status: 429,
    message: 'Too much has been uploaded from your network recently. Please try again later.',
  },

  // Vaults (spec sections 5 and 8; docs/api.md "Vaults"). 'Failed to Support Vault' is the
  // title the web app pairs with these messages.
  vault_not_found: { status: 404, message: 'This vault does not exist.' },
  vault_amount_below_minimum: { status: 400, message: VAULT_MESSAGES.minimum },
  vault_target_too_large: {
    status: 400,
    message: `A vault can lock at most ${VAULT_MAX_TARGET_SOL} SOL`,
  },
  vault_support_missing_data: { status: 400, message: VAULT_MESSAGES.missingData },
  vault_own_support: { status: 403, message: 'You cannot support your own vault.' },
  vault_not_active: {
    status: 409,
    message: 'This vault is already unlocked and no longer takes support.',
  },
  vault_ended: { status: 409, message: 'This vault has ended and no longer takes support.' },
  transaction_signature_invalid: {
    status: 400,
    message: 'That is not a valid transaction signature.',
  },
  transaction_not_found: {
    status: 422,
    message: 'That transaction was not found on the cluster, or it is not confirmed yet.',
  },
  transaction_failed: { status: 422, message: 'That transaction failed on chain.' },
  transfer_not_found: {
    status: 422,
    message: 'That transaction holds no SOL transfer to the vault creator.',
  },
  transfer_wrong_sender: {
    status: 422,
    message: 'That transfer was not sent from your wallet.',
  },
  transfer_wrong_recipient: {
    status: 422,
    message: "That transfer was not sent to the vault creator's wallet.",
  },
  transfer_wrong_amount: {
    status: 422,
    message: 'That transfer is not of the amount given.',
  },
  transfer_before_vault: {
    status: 422,
    message: 'That transfer was made before this vault was created, so it cannot support it.',
  },
  transaction_already_used: {
    status: 409,
    message: 'That transaction was already used for another support.',
  },

  // Escrow vaults (docs/api.md "Escrow vaults"). The first three are the composer's own
  // texts, which the server answers too.
  invalid_multiplier: { status: 400, message: ESCROW_MESSAGES.multiplier },
  invalid_duration: { status: 400, message: ESCROW_MESSAGES.durationPositive },
  invalid_content_hash: { status: 400, message: ESCROW_MESSAGES.contentHash },
  escrow_unavailable: {
    status: 403,
    message: 'Escrow vaults are not available: the vault program is not set up on this cluster.',
  },
  escrow_not_on_chain: { status: 409, message: 'The vault is not on chain yet' },
  escrow_mismatch: {
    status: 409,
    message: 'The vault on chain does not match this post, so it was not recorded.',
  },
  vault_escrow_support: {
    status: 409,
    message: 'This vault holds SOL on chain: join it through the vault program instead.',
  },

  // People (docs/api.md "People").
  user_not_found: { status: 404, message: 'No Dum Club user has this wallet.' },
  username_taken: { status: 409, message: 'That username is taken.' },
  cannot_follow_self: { status: 400, message: 'You cannot follow yourself.' },
  cannot_block_self: { status: 400, message: 'You cannot block yourself.' },

  // Direct messages (docs/api.md "Messages").
  cannot_message_self: { status: 400, message: 'You cannot message yourself.' },
  blocked: { status: 403, message: 'You cannot interact with this user.' },
  message_required: { status: 400, message: 'Write a message, attach a file or add a tip.' },
  message_too_long: {
    status: 400,
    message: `Messages can be up to ${String(DM_BODY_MAX_LENGTH)} characters`,
  },
  conversation_not_found: {
    status: 404,
    message: 'There are no messages between you and this wallet yet.',
  },
  not_a_message_request: {
    status: 409,
    message: 'This conversation is in your inbox, not in your requests.',
  },

  // Mystery vaults and time capsules (docs/api.md "Mystery vaults", "Time capsules").
  mystery_vault_not_found: { status: 404, message: 'This mystery vault does not exist.' },
  mystery_vault_opened: { status: 409, message: 'This mystery vault has already opened.' },
  mystery_own_join: { status: 403, message: 'You cannot join your own mystery vault.' },
  invalid_mystery_duration: {
    status: 400,
    message: 'A mystery vault runs from 1 hour to 7 days.',
  },
  capsule_not_found: { status: 404, message: 'This time capsule does not exist.' },
  invalid_unlock_time: {
    status: 400,
    message: 'A time capsule opens from 1 hour to 1 year from now.',
  },
  capsule_opened: { status: 409, message: 'This time capsule is already open.' },

  // Faucet.
  faucet_disabled: { status: 403, message: 'Faucet disabled in production' },
  faucet_rate_limited: {
    status: 429,
    message: 'Faucet rate limit reached. Please try again later.',
  },

  // Solana Actions (blinks).
  action_amount_invalid: {
    status: 400,
    message: 'Enter an amount in SOL, such as 0.1.',
  },
  action_account_invalid: {
    status: 400,
    message: 'The account must be a Solana wallet address (base58, 32 bytes).',
  },
  action_tip_self: { status: 403, message: 'You cannot tip your own wallet.' },

  // Payments bound to their purpose (docs/api.md "Payments").
  payment_reference_required: {
    status: 400,
    message: 'This callback needs the reference of the transaction the action built.',
  },
  payment_reference_unknown: {
    status: 404,
    message: 'This action did not build a transaction with that reference.',
  },
  payment_bound_elsewhere: {
    status: 409,
    message: 'That transaction pays for something else.',
  },
  payment_reference_missing: {
    status: 422,
    message: 'That transaction does not carry the reference of this payment.',
  },
  payment_reports_exhausted: {
    status: 429,
    message: 'Too many reports of this payment failed. Start a new one.',
  },
  // Ads: the advertiser dashboard (docs/api.md "Ads").
  ads_disabled: {
    status: 403,
    message: 'Ads are not available here: the server does not hold the treasury key.',
  },
  ad_campaign_not_found: { status: 404, message: 'This campaign does not exist.' },
  ad_post_not_yours: { status: 403, message: 'You can promote only your own posts.' },
  ad_cpm_invalid: {
    status: 400,
    message:
      'The price per thousand impressions must be a whole number of lamports, at least 1000 and a multiple of 1000.',
  },
  ad_daily_limit_invalid: {
    status: 400,
    message:
      'The daily limit must be a whole number of lamports, at least the price of one impression.',
  },
  ad_budget_missing_data: {
    status: 400,
    message: 'A budget needs the transfer’s signature and its amount.',
  },
  ad_budget_below_minimum: { status: 400, message: 'The minimum budget is 0.01 SOL.' },
  ad_budget_wrong_recipient: {
    status: 422,
    message: 'That transaction holds no SOL transfer to the platform treasury.',
  },
  ad_campaign_ended: { status: 409, message: 'This campaign has ended.' },
  ad_campaign_not_paused: { status: 409, message: 'Only a paused campaign can be resumed.' },
  ad_campaign_not_active: { status: 409, message: 'Only an active campaign can be paused.' },
  ad_refund_failed: {
    status: 502,
    message: 'The refund could not be sent yet. End the campaign again to retry.',
  },
  // Moderation (docs/api.md "Moderation").
  report_target_not_found: { status: 404, message: 'There is nothing to report here.' },
  report_not_found: { status: 404, message: 'This report does not exist.' },
  report_duplicate: { status: 409, message: 'You have already reported this.' },
  report_own_content: { status: 400, message: 'You cannot report yourself.' },
  report_decided: { status: 409, message: 'This report has already been decided.' },
  not_moderator: { status: 403, message: 'Only moderators can do this.' },
  account_suspended: {
    status: 403,
    message: 'Your account is suspended: you can read, but not post, comment, message or follow.',
  },
  suspension_not_found: { status: 404, message: 'This wallet is not suspended.' },
  invalid_suspension_end: { status: 400, message: 'A suspension ends in the future.' },
  // Polls (docs/api.md "Polls").
  invalid_poll: {
    status: 400,
    message: 'A poll needs 2 to 4 different options of up to 50 characters.',
  },
  poll_not_found: { status: 404, message: 'This post has no poll.' },
  invalid_poll_option: { status: 400, message: 'That option is not in this poll.' },
  poll_already_voted: { status: 409, message: 'You have already voted in this poll.' },
  poll_ended: { status: 409, message: 'This poll has ended.' },
  // Muted words (docs/api.md "Muted words").
  too_many_muted_words: { status: 400, message: 'You can mute up to 100 words or phrases.' },
  muted_word_required: { status: 400, message: 'Please enter a word or phrase to mute.' },
  muted_word_too_long: {
    status: 400,
    message: 'A muted word or phrase can be up to 100 characters.',
  },
  invalid_muted_word_expiry: {
    status: 400,
    message: 'A muted word ends at a valid time in the future, or never.',
  },
  // Web Push (docs/api.md "Web Push").
  push_endpoint_refused: {
    status: 400,
    message: 'This push service address is not allowed: it must be https on a public host.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: unknown; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = options.details;
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }
}

/** User-facing texts that belong to the client, kept beside the server's. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  walletConnectionIssue: 'Wallet Connection Issue',
  reloadPage: 'Reload Page',
  tryAgain: 'Try Again',
  goToHomepage: 'Go to Homepage',
  emissionsFetchFailed: 'Failed to fetch emissions stats',
} as const;

/** The error boundary's rule: these words mark a wallet-related failure. */
export function isWalletRelatedError(message: string): boolean {
  return /wallet|solana|phantom|signature|transaction/i.test(message);
}
