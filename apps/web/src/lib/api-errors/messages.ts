import { msg } from '@lingui/core/macro';

/**
 * The API error catalogue (@dum/core ERRORS, plus the client's own `offline`) as translatable
 * texts: the source a translator works from, one id per error code. The app never imports it:
 * in English a toast shows the server's own message; in another language errorMessage
 * (lib/error-message.ts) looks the code up in the catalogue. A test keeps it equal to ERRORS.
 */
export const API_ERROR_MESSAGES = {
  bad_request: msg({ id: 'error.bad_request', message: 'The request is not valid.' }),
  validation_failed: msg({ id: 'error.validation_failed', message: 'Some fields are not valid.' }),
  malformed_json: msg({
    id: 'error.malformed_json',
    message: 'The request body is not valid JSON.',
  }),
  unknown_query_parameter: msg({
    id: 'error.unknown_query_parameter',
    message: 'The request has a query parameter this endpoint does not take.',
  }),
  unauthorized: msg({ id: 'error.unauthorized', message: 'Authentication required.' }),
  forbidden: msg({ id: 'error.forbidden', message: 'You are not allowed to do that.' }),
  not_found: msg({ id: 'error.not_found', message: 'Not found.' }),
  route_not_found: msg({ id: 'error.route_not_found', message: 'No such API endpoint.' }),
  method_not_allowed: msg({
    id: 'error.method_not_allowed',
    message: 'That method is not allowed here.',
  }),
  conflict: msg({ id: 'error.conflict', message: 'That conflicts with the current state.' }),
  payload_too_large: msg({
    id: 'error.payload_too_large',
    message: 'The request body is too large.',
  }),
  unsupported_media_type: msg({
    id: 'error.unsupported_media_type',
    message: 'That content type is not supported here.',
  }),
  rate_limited: msg({
    id: 'error.rate_limited',
    message: 'Too many requests. Please try again later.',
  }),
  internal: msg({ id: 'error.internal', message: 'Something went wrong' }),
  service_unavailable: msg({
    id: 'error.service_unavailable',
    message: 'The service is starting or shutting down. Please try again.',
  }),
  chain_unavailable: msg({
    id: 'error.chain_unavailable',
    message: 'The Solana cluster is not answering. Please try again.',
  }),
  invalid_amount: msg({
    id: 'error.invalid_amount',
    message: 'Please enter a valid numeric amount.',
  }),
  insufficient_balance: msg({ id: 'error.insufficient_balance', message: 'Insufficient Balance' }),
  auth_challenge_invalid: msg({
    id: 'error.auth_challenge_invalid',
    message: 'The sign-in challenge expired or was already used. Please try again.',
  }),
  auth_message_mismatch: msg({
    id: 'error.auth_message_mismatch',
    message: 'The signed message is not the sign-in challenge that was issued.',
  }),
  auth_signature_invalid: msg({
    id: 'error.auth_signature_invalid',
    message: 'Signature verification failed. Please try again.',
  }),
  auth_transaction_invalid: msg({
    id: 'error.auth_transaction_invalid',
    message:
      'The signed transaction must be signed by the wallet alone and hold only a Memo instruction carrying the sign-in message.',
  }),
  auth_refresh_invalid: msg({
    id: 'error.auth_refresh_invalid',
    message: 'Your session has ended. Please sign in again.',
  }),
  content_required: msg({
    id: 'error.content_required',
    message: 'Please write something to post',
  }),
  post_too_long: msg({
    id: 'error.post_too_long',
    message: 'Posts can be at most 1000 characters',
  }),
  alt_text_too_long: msg({
    id: 'error.alt_text_too_long',
    message: 'Alt text can be at most 1000 characters',
  }),
  comment_required: msg({ id: 'error.comment_required', message: 'Please write a comment' }),
  comment_too_long: msg({
    id: 'error.comment_too_long',
    message: 'Comments can be at most 500 characters',
  }),
  vaults_disabled: msg({
    id: 'error.vaults_disabled',
    message: 'Timelock vaults are not available in this environment',
  }),
  post_not_found: msg({
    id: 'error.post_not_found',
    message: 'This post does not exist or has expired.',
  }),
  comment_not_found: msg({
    id: 'error.comment_not_found',
    message: 'This comment does not exist.',
  }),
  reply_not_allowed: msg({
    id: 'error.reply_not_allowed',
    message: 'The author limited who can reply to this post.',
  }),
  invalid_cursor: msg({ id: 'error.invalid_cursor', message: 'The page cursor is not valid.' }),
  media_not_attachable: msg({
    id: 'error.media_not_attachable',
    message: 'That media was not uploaded by you, or another post already uses it.',
  }),
  invalid_file_type: msg({
    id: 'error.invalid_file_type',
    message: 'Please upload an image or audio file',
  }),
  image_too_large: msg({ id: 'error.image_too_large', message: 'Images must be under 10MB' }),
  audio_too_large: msg({ id: 'error.audio_too_large', message: 'Audio files must be under 50MB' }),
  upload_rate_limited: msg({
    id: 'error.upload_rate_limited',
    message: 'Too many uploads. Please try again later.',
  }),
  upload_quota_exceeded: msg({
    id: 'error.upload_quota_exceeded',
    message: 'Your storage is full. Delete a post with media before uploading more.',
  }),
  upload_ip_quota_exceeded: msg({
    id: 'error.upload_ip_quota_exceeded',
    message: 'Too much has been uploaded from your network recently. Please try again later.',
  }),
  vault_not_found: msg({ id: 'error.vault_not_found', message: 'This vault does not exist.' }),
  vault_amount_below_minimum: msg({
    id: 'error.vault_amount_below_minimum',
    message: 'Minimum vault amount is 0.01 SOL',
  }),
  vault_target_too_large: msg({
    id: 'error.vault_target_too_large',
    message: 'A vault can lock at most 1000000 SOL',
  }),
  vault_support_missing_data: msg({
    id: 'error.vault_support_missing_data',
    message: 'Missing required data for vault support',
  }),
  vault_own_support: msg({
    id: 'error.vault_own_support',
    message: 'You cannot support your own vault.',
  }),
  vault_not_active: msg({
    id: 'error.vault_not_active',
    message: 'This vault is already unlocked and no longer takes support.',
  }),
  vault_ended: msg({
    id: 'error.vault_ended',
    message: 'This vault has ended and no longer takes support.',
  }),
  transaction_signature_invalid: msg({
    id: 'error.transaction_signature_invalid',
    message: 'That is not a valid transaction signature.',
  }),
  transaction_not_found: msg({
    id: 'error.transaction_not_found',
    message: 'That transaction was not found on the cluster, or it is not confirmed yet.',
  }),
  transaction_failed: msg({
    id: 'error.transaction_failed',
    message: 'That transaction failed on chain.',
  }),
  transfer_not_found: msg({
    id: 'error.transfer_not_found',
    message: 'That transaction holds no SOL transfer to the vault creator.',
  }),
  transfer_wrong_sender: msg({
    id: 'error.transfer_wrong_sender',
    message: 'That transfer was not sent from your wallet.',
  }),
  transfer_wrong_recipient: msg({
    id: 'error.transfer_wrong_recipient',
    message: "That transfer was not sent to the vault creator's wallet.",
  }),
  transfer_wrong_amount: msg({
    id: 'error.transfer_wrong_amount',
    message: 'That transfer is not of the amount given.',
  }),
  transfer_before_vault: msg({
    id: 'error.transfer_before_vault',
    message: 'That transfer was made before this vault was created, so it cannot support it.',
  }),
  transaction_already_used: msg({
    id: 'error.transaction_already_used',
    message: 'That transaction was already used for another support.',
  }),
  invalid_multiplier: msg({
    id: 'error.invalid_multiplier',
    message: 'multiplier must be between 1 and 10',
  }),
  invalid_duration: msg({
    id: 'error.invalid_duration',
    message: 'durationDays must be greater than 0',
  }),
  invalid_content_hash: msg({
    id: 'error.invalid_content_hash',
    message: 'contentHash must be the SHA-256 of the media file as 64 hex characters',
  }),
  escrow_unavailable: msg({
    id: 'error.escrow_unavailable',
    message: 'Escrow vaults are not available: the vault program is not set up on this cluster.',
  }),
  escrow_not_on_chain: msg({
    id: 'error.escrow_not_on_chain',
    message: 'The vault is not on chain yet',
  }),
  escrow_mismatch: msg({
    id: 'error.escrow_mismatch',
    message: 'The vault on chain does not match this post, so it was not recorded.',
  }),
  vault_escrow_support: msg({
    id: 'error.vault_escrow_support',
    message: 'This vault holds SOL on chain: join it through the vault program instead.',
  }),
  user_not_found: msg({ id: 'error.user_not_found', message: 'No Dum Club user has this wallet.' }),
  username_taken: msg({ id: 'error.username_taken', message: 'That username is taken.' }),
  cannot_follow_self: msg({
    id: 'error.cannot_follow_self',
    message: 'You cannot follow yourself.',
  }),
  cannot_block_self: msg({ id: 'error.cannot_block_self', message: 'You cannot block yourself.' }),
  cannot_message_self: msg({
    id: 'error.cannot_message_self',
    message: 'You cannot message yourself.',
  }),
  blocked: msg({ id: 'error.blocked', message: 'You cannot interact with this user.' }),
  message_required: msg({
    id: 'error.message_required',
    message: 'Write a message, attach a file or add a tip.',
  }),
  message_too_long: msg({
    id: 'error.message_too_long',
    message: 'Messages can be up to 2000 characters',
  }),
  conversation_not_found: msg({
    id: 'error.conversation_not_found',
    message: 'There are no messages between you and this wallet yet.',
  }),
  not_a_message_request: msg({
    id: 'error.not_a_message_request',
    message: 'This conversation is in your inbox, not in your requests.',
  }),
  mystery_vault_not_found: msg({
    id: 'error.mystery_vault_not_found',
    message: 'This mystery vault does not exist.',
  }),
  mystery_vault_opened: msg({
    id: 'error.mystery_vault_opened',
    message: 'This mystery vault has already opened.',
  }),
  mystery_own_join: msg({
    id: 'error.mystery_own_join',
    message: 'You cannot join your own mystery vault.',
  }),
  invalid_mystery_duration: msg({
    id: 'error.invalid_mystery_duration',
    message: 'A mystery vault runs from 1 hour to 7 days.',
  }),
  capsule_not_found: msg({
    id: 'error.capsule_not_found',
    message: 'This time capsule does not exist.',
  }),
  invalid_unlock_time: msg({
    id: 'error.invalid_unlock_time',
    message: 'A time capsule opens from 1 hour to 1 year from now.',
  }),
  capsule_opened: msg({
    id: 'error.capsule_opened',
    message: 'This time capsule is already open.',
  }),
  faucet_disabled: msg({ id: 'error.faucet_disabled', message: 'Faucet disabled in production' }),
  faucet_rate_limited: msg({
    id: 'error.faucet_rate_limited',
    message: 'Faucet rate limit reached. Please try again later.',
  }),
  action_amount_invalid: msg({
    id: 'error.action_amount_invalid',
    message: 'Enter an amount in SOL, such as 0.1.',
  }),
  action_account_invalid: msg({
    id: 'error.action_account_invalid',
    message: 'The account must be a Solana wallet address (base58, 32 bytes).',
  }),
  action_tip_self: msg({ id: 'error.action_tip_self', message: 'You cannot tip your own wallet.' }),
  payment_reference_required: msg({
    id: 'error.payment_reference_required',
    message: 'This callback needs the reference of the transaction the action built.',
  }),
  payment_reference_unknown: msg({
    id: 'error.payment_reference_unknown',
    message: 'This action did not build a transaction with that reference.',
  }),
  payment_bound_elsewhere: msg({
    id: 'error.payment_bound_elsewhere',
    message: 'That transaction pays for something else.',
  }),
  payment_reference_missing: msg({
    id: 'error.payment_reference_missing',
    message: 'That transaction does not carry the reference of this payment.',
  }),
  payment_reports_exhausted: msg({
    id: 'error.payment_reports_exhausted',
    message: 'Too many reports of this payment failed. Start a new one.',
  }),
  ads_disabled: msg({
    id: 'error.ads_disabled',
    message: 'Ads are not available here: the server does not hold the treasury key.',
  }),
  ad_campaign_not_found: msg({
    id: 'error.ad_campaign_not_found',
    message: 'This campaign does not exist.',
  }),
  ad_post_not_yours: msg({
    id: 'error.ad_post_not_yours',
    message: 'You can promote only your own posts.',
  }),
  ad_cpm_invalid: msg({
    id: 'error.ad_cpm_invalid',
    message:
      'The price per thousand impressions must be a whole number of lamports, at least 1000 and a multiple of 1000.',
  }),
  ad_daily_limit_invalid: msg({
    id: 'error.ad_daily_limit_invalid',
    message:
      'The daily limit must be a whole number of lamports, at least the price of one impression.',
  }),
  ad_budget_missing_data: msg({
    id: 'error.ad_budget_missing_data',
    message: 'A budget needs the transfer’s signature and its amount.',
  }),
  ad_budget_below_minimum: msg({
    id: 'error.ad_budget_below_minimum',
    message: 'The minimum budget is 0.01 SOL.',
  }),
  ad_budget_wrong_recipient: msg({
    id: 'error.ad_budget_wrong_recipient',
    message: 'That transaction holds no SOL transfer to the platform treasury.',
  }),
  ad_campaign_ended: msg({ id: 'error.ad_campaign_ended', message: 'This campaign has ended.' }),
  ad_campaign_not_paused: msg({
    id: 'error.ad_campaign_not_paused',
    message: 'Only a paused campaign can be resumed.',
  }),
  ad_campaign_not_active: msg({
    id: 'error.ad_campaign_not_active',
    message: 'Only an active campaign can be paused.',
  }),
  ad_refund_failed: msg({
    id: 'error.ad_refund_failed',
    message: 'The refund could not be sent yet. End the campaign again to retry.',
  }),
  report_target_not_found: msg({
    id: 'error.report_target_not_found',
    message: 'There is nothing to report here.',
  }),
  report_not_found: msg({ id: 'error.report_not_found', message: 'This report does not exist.' }),
  report_duplicate: msg({
    id: 'error.report_duplicate',
    message: 'You have already reported this.',
  }),
  report_own_content: msg({
    id: 'error.report_own_content',
    message: 'You cannot report yourself.',
  }),
  report_decided: msg({
    id: 'error.report_decided',
    message: 'This report has already been decided.',
  }),
  not_moderator: msg({ id: 'error.not_moderator', message: 'Only moderators can do this.' }),
  account_suspended: msg({
    id: 'error.account_suspended',
    message: 'Your account is suspended: you can read, but not post, comment, message or follow.',
  }),
  suspension_not_found: msg({
    id: 'error.suspension_not_found',
    message: 'This wallet is not suspended.',
  }),
  invalid_suspension_end: msg({
    id: 'error.invalid_suspension_end',
    message: 'A suspension ends in the future.',
  }),
  invalid_poll: msg({
    id: 'error.invalid_poll',
    message: 'A poll needs 2 to 4 different options of up to 50 characters.',
  }),
  poll_not_found: msg({ id: 'error.poll_not_found', message: 'This post has no poll.' }),
  invalid_poll_option: msg({
    id: 'error.invalid_poll_option',
    message: 'That option is not in this poll.',
  }),
  poll_already_voted: msg({
    id: 'error.poll_already_voted',
    message: 'You have already voted in this poll.',
  }),
  poll_ended: msg({ id: 'error.poll_ended', message: 'This poll has ended.' }),
  too_many_muted_words: msg({
    id: 'error.too_many_muted_words',
    message: 'You can mute up to 100 words or phrases.',
  }),
  muted_word_required: msg({
    id: 'error.muted_word_required',
    message: 'Please enter a word or phrase to mute.',
  }),
  muted_word_too_long: msg({
    id: 'error.muted_word_too_long',
    message: 'A muted word or phrase can be up to 100 characters.',
  }),
  invalid_muted_word_expiry: msg({
    id: 'error.invalid_muted_word_expiry',
    message: 'A muted word ends at a valid time in the future, or never.',
  }),
  push_endpoint_refused: msg({
    id: 'error.push_endpoint_refused',
    message: 'This push service address is not allowed: it must be https on a public host.',
  }),
  offline: msg({
    id: 'error.offline',
    message: 'You are offline. Check your connection and try again.',
  }),
};
