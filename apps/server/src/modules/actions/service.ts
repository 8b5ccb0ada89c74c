import type {
  ActionGetResponse,
  ActionPostResponse,
  ActionsJson,
  CompletedAction,
} from '@solana/actions';
import { BLOCKCHAIN_IDS, createPostResponse } from '@solana/actions';
import type { ChainClient } from '@dum/chain';
import {
  ACTION_TIP_AMOUNTS_SOL,
  ACTION_VAULT_AMOUNTS_SOL,
  ACTIONS_API_PREFIX,
  AppError,
  checkVaultAmount,
  formatAddress,
  formatBaseUnitsExact,
  isVaultUnlocked,
  MEMO_PROGRAM_ID,
  parseDecimalAmount,
  VAULT_MESSAGES,
  VAULT_MIN_SUPPORT_SOL,
  type VaultDetail,
} from '@dum/core';
import { PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import type pg from 'pg';
import { inTransaction } from '../../db/prepared.ts';
import type { WalletUser } from '../auth/index.ts';
import { attributeAnonymousTip, sendMessage, type MessageDeps } from '../messages/index.ts';
import {
  claimAnonymousPayment,
  createPaymentIntent,
  parsePurpose,
  readUnattributedPayments,
  recordAnonymousPayment,
  type PaymentDeps,
  type PaymentRecorder,
} from '../payments/index.ts';
import { cardImagePath } from '../cards/index.ts';
import { assertNotSuspended } from '../moderation/index.ts';
import { isBlockedEitherWay, readPersonIdByAddress } from '../people/index.ts';
import {
  attributeAnonymousSupport,
  getVaultDetail,
  supportVault,
  supportVaultAnonymously,
  transferRejectionError,
  type PostReader,
  type VaultDeps,
} from '../vaults/index.ts';

/**
 * Solana Actions (blinks) for supporting a direct vault and tipping a profile's wallet
 * (docs/api.md "Solana Actions"). GET describes the action, POST builds the unsigned
 * transaction (a System transfer carrying a fresh payment intent's reference, plus a memo naming
 * what it pays for) for the wallet to sign, and the chained callback (`links.next`, type `post`,
 * with the reference in its URL) records it once the blink client says it confirmed: a vault
 * support through the vaults slice's own support call, a tip as a tip-only direct message
 * through the messages slice, both verified by the payments slice for that intent only. A payer
 * that never signed in here is recorded as the anonymous payer (no user row, no message in its
 * name). The payment watcher records what a client that never called back paid
 * (actionPaymentRecorder).
 */

export interface ActionDeps {
  /** The app's public origin: every URL an action hands out is absolute on it. */
  origin: string;
  pool: pg.Pool;
  chain: ChainClient;
  payments: PaymentDeps;
  vaults: VaultDeps;
  messages: MessageDeps;
  readPost: PostReader;
  /** The cluster's CAIP-2 id, read once (the localnet's from its genesis hash); null if unknown. */
  blockchainId: () => Promise<string | null>;
}

const LAMPORTS_DECIMALS = 9;
const BODY_EXCERPT = 140;

/** After the cluster's id could not be read, answers go without it this long before a retry. */
const BLOCKCHAIN_ID_RETRY_MS = 60_000;

/**
 * The X-Blockchain-Ids value of a cluster: its CAIP-2 id (`solana:` and the genesis hash's first
 * 32 characters), fixed for the public clusters and read once from the localnet. Null while it
 * cannot be read (and for a minute after a failed read, so an unreachable cluster does not hold
 * up every answer).
 */
export function blockchainIdOf(
  chain: ChainClient,
  now: () => number = Date.now,
): () => Promise<string | null> {
  const known: Partial<Record<string, string>> = {
    'mainnet-beta': BLOCKCHAIN_IDS.mainnet,
    devnet: BLOCKCHAIN_IDS.devnet,
    testnet: BLOCKCHAIN_IDS.testnet,
  };
  let read: Promise<string | null> | null = null;
  let failedAt = -Infinity;
  return async () => {
    const fixed = known[chain.cluster];
    if (fixed) return fixed;
    if (now() - failedAt < BLOCKCHAIN_ID_RETRY_MS) return null;
    read ??= chain.rpc.call<string>('getGenesisHash', []).then(
      (hash) => `solana:${hash.slice(0, 32)}`,
      () => {
        failedAt = now();
        read = null;
        return null;
      },
    );
    return read;
  };
}

/** /actions.json: the site's vault and profile pages map onto their actions. */
export function actionsJson(): ActionsJson {
  return {
    rules: [
      { pathPattern: '/vaults/*', apiPath: `${ACTIONS_API_PREFIX}/vaults/*` },
      { pathPattern: '/profile/*', apiPath: `${ACTIONS_API_PREFIX}/profile/*` },
      // The action URLs themselves are actions too (a client given one directly).
      { pathPattern: `${ACTIONS_API_PREFIX}/**`, apiPath: `${ACTIONS_API_PREFIX}/**` },
    ],
  };
}

function iconUrl(deps: ActionDeps): string {
  return `${deps.origin}${ACTIONS_API_PREFIX}/icon.svg`;
}

/**
 * The icon of an action about one vault or profile: its link card's picture (modules/cards),
 * which shows what the action pays for (the vault's progress, the profile's name).
 */
function cardIconUrl(deps: ActionDeps, kind: 'vault' | 'profile', id: string): string {
  return `${deps.origin}${cardImagePath({ kind, id })}`;
}

function vaultPath(deps: ActionDeps, vaultId: bigint): string {
  return `${deps.origin}${ACTIONS_API_PREFIX}/vaults/${vaultId}`;
}

function profilePath(deps: ActionDeps, address: string): string {
  return `${deps.origin}${ACTIONS_API_PREFIX}/profile/${address}`;
}

function excerpt(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > BODY_EXCERPT ? `${flat.slice(0, BODY_EXCERPT - 1).trimEnd()}…` : flat;
}

/** Lamports as SOL, every digit kept and no trailing zeros: 250000000 → '0.25'. */
function solText(lamports: bigint): string {
  return formatBaseUnitsExact(lamports, LAMPORTS_DECIMALS);
}

// ---- Vaults -----------------------------------------------------------------------------------

/** Why a vault takes no support now (a closed vault's action is shown disabled), or null. */
function vaultClosed(vault: VaultDetail, now: Date): string | null {
  if (isVaultUnlocked(vault.status))
    return 'This vault is already unlocked and no longer takes support.';
  if (new Date(vault.endsAt).getTime() <= now.getTime()) {
    return 'This vault has ended and no longer takes support.';
  }
  return null;
}

async function readDirectVault(deps: ActionDeps, vaultId: bigint): Promise<VaultDetail> {
  if (!deps.vaults.enabled) throw new AppError('vaults_disabled');
  const vault = await getVaultDetail(deps.vaults, vaultId, null, deps.readPost);
  // Escrow vaults take SOL through the vault program only, never a plain transfer.
  if (vault.kind === 'escrow') throw new AppError('vault_escrow_support');
  return vault;
}

/** GET /api/actions/vaults/{id}: support the vault with a suggested or a custom amount. */
export async function vaultAction(deps: ActionDeps, vaultId: bigint): Promise<ActionGetResponse> {
  const vault = await readDirectVault(deps, vaultId);
  const author = vault.post.author;
  const name = author.displayName ?? author.username ?? formatAddress(vault.creator.walletAddress);
  const raised = `${solText(BigInt(vault.currentAmount))} of ${solText(BigInt(vault.targetAmount))} SOL raised`;
  const body = excerpt(vault.post.body);
  const href = vaultPath(deps, vaultId);
  const closed = vaultClosed(vault, deps.vaults.clock.now());
  return {
    type: 'action',
    icon: cardIconUrl(deps, 'vault', vaultId.toString()),
    title: `Support ${name}'s vault on Dum Club`,
    description: `${body ? `“${body}” ` : ''}${raised}; the post unlocks at its target. Your SOL goes straight to the creator's wallet.`,
    label: 'Support Vault',
    ...(closed ? { disabled: true, error: { message: closed } } : {}),
    links: {
      actions: [
        ...ACTION_VAULT_AMOUNTS_SOL.map((sol) => ({
          type: 'transaction' as const,
          label: `${sol} SOL`,
          href: `${href}?amount=${sol}`,
        })),
        {
          type: 'transaction' as const,
          label: 'Support Vault',
          href: `${href}?amount={amount}`,
          parameters: [
            {
              type: 'number' as const,
              name: 'amount',
              label: `Amount in SOL (at least ${VAULT_MIN_SUPPORT_SOL})`,
              required: true,
              min: Number(VAULT_MIN_SUPPORT_SOL),
            },
          ],
        },
      ],
    },
  };
}

/** The lamports of a vault support's `?amount=` (SOL), by the vaults' own rule and minimum. */
function vaultAmount(text: string | undefined): bigint {
  if (text === undefined || text.trim() === '') throw new AppError('action_amount_invalid');
  const check = checkVaultAmount(text);
  if (check.ok) return check.lamports;
  throw new AppError(
    check.reason === 'below_minimum' ? 'vault_amount_below_minimum' : 'action_amount_invalid',
  );
}

/**
 * POST /api/actions/vaults/{id}?amount=: the transaction that supports the vault, for `account`
 * to sign: a transfer of the amount to the creator's wallet and a memo naming the vault.
 * Refused as the support call would refuse it (own vault, unlocked, ended, escrow, below the
 * minimum); the chained callback records it once confirmed.
 */
export async function vaultTransaction(
  deps: ActionDeps,
  vaultId: bigint,
  account: string,
  amountText: string | undefined,
): Promise<ActionPostResponse> {
  const lamports = vaultAmount(amountText);
  const vault = await readDirectVault(deps, vaultId);
  if (vault.creator.walletAddress === account) throw new AppError('vault_own_support');
  if (isVaultUnlocked(vault.status)) throw new AppError('vault_not_active');
  if (new Date(vault.endsAt).getTime() <= deps.vaults.clock.now().getTime()) {
    throw new AppError('vault_ended');
  }
  // A support across a block, or by a suspended wallet, would move the SOL and then be
  // refused: refused here, before the wallet signs anything.
  await refuseAcrossBlock(deps, account, vault.creator.walletAddress);
  await refuseSuspended(deps, account);
  const sol = solText(lamports);
  const intent = await createPaymentIntent(deps.payments, {
    purpose: { kind: 'vault_support', vaultId },
    payer: account,
    recipient: vault.creator.walletAddress,
    lamports,
  });
  return postResponse(deps, {
    account,
    recipient: vault.creator.walletAddress,
    lamports,
    reference: intent.reference,
    memo: `Dum Club: support of vault ${vaultId}`,
    message: `Support vault ${vaultId} with ${sol} SOL`,
    callback: `${vaultPath(deps, vaultId)}/confirm?amount=${sol}&reference=${intent.reference}`,
  });
}

/**
 * POST /api/actions/vaults/{id}/confirm?amount=: the chained callback with `{ account,
 * signature }` once the transaction confirmed. Records the support with the vaults slice's
 * support call (a retry answers the recorded support again) and answers the completed action.
 */
export async function confirmVaultSupport(
  deps: ActionDeps,
  vaultId: bigint,
  input: CallbackInput,
): Promise<CompletedAction> {
  const lamports = vaultAmount(input.amount);
  const report = { by: 'reference' as const, reference: input.reference, account: input.account };
  const support = { transactionSignature: input.signature, amount: solText(lamports) };
  const supporter = await findWalletUser(deps, input.account);
  const unlocked = supporter
    ? isVaultUnlocked(
        (await supportVault(deps.vaults, supporter, vaultId, support, report)).vault.status,
      )
    : (await supportVaultAnonymously(deps.vaults, input.account, vaultId, support, report))
        .unlocked;
  const sol = solText(lamports);
  return {
    type: 'completed',
    icon: cardIconUrl(deps, 'vault', vaultId.toString()),
    title: VAULT_MESSAGES.successTitle,
    description: unlocked
      ? `${VAULT_MESSAGES.success(sol)} ${VAULT_MESSAGES.unlocked}`
      : VAULT_MESSAGES.success(sol),
    label: 'Supported',
  };
}

// ---- Profiles ---------------------------------------------------------------------------------

/** A wallet's user, or null (the people slice's read). */
async function findWalletUser(deps: ActionDeps, address: string): Promise<WalletUser | null> {
  const id = await readPersonIdByAddress(deps.pool, address);
  return id ? { id, solAddress: address } : null;
}

/** moderation's guard for a blink's payer, when it is a wallet that signed in here once. */
async function refuseSuspended(deps: ActionDeps, account: string): Promise<void> {
  const user = await findWalletUser(deps, account);
  if (user) await assertNotSuspended({ pool: deps.pool, clock: deps.vaults.clock }, user.id);
}

async function requireProfile(deps: ActionDeps, address: string): Promise<WalletUser> {
  const user = await findWalletUser(deps, address);
  if (!user) throw new AppError('user_not_found');
  return user;
}

/** GET /api/actions/profile/{address}: tip the wallet with a suggested or a custom amount. */
export async function profileAction(deps: ActionDeps, address: string): Promise<ActionGetResponse> {
  await requireProfile(deps, address);
  const href = profilePath(deps, address);
  return {
    type: 'action',
    icon: cardIconUrl(deps, 'profile', address),
    title: `Tip ${formatAddress(address)} on Dum Club`,
    description:
      'Send SOL straight to this creator’s wallet. It arrives as a tip in their Dum Club messages.',
    label: 'Send Tip',
    links: {
      actions: [
        ...ACTION_TIP_AMOUNTS_SOL.map((sol) => ({
          type: 'transaction' as const,
          label: `${sol} SOL`,
          href: `${href}?amount=${sol}`,
        })),
        {
          type: 'transaction' as const,
          label: 'Send Tip',
          href: `${href}?amount={amount}`,
          parameters: [
            { type: 'number' as const, name: 'amount', label: 'Amount in SOL', required: true },
          ],
        },
      ],
    },
  };
}

/** The lamports of a tip's `?amount=` (SOL, more than zero). */
function tipAmount(text: string | undefined): bigint {
  const parsed = parseDecimalAmount(text ?? '', LAMPORTS_DECIMALS);
  if (!parsed.ok || parsed.value <= 0n || parsed.value >= 1n << 63n) {
    throw new AppError('action_amount_invalid');
  }
  return parsed.value;
}

/** POST /api/actions/profile/{address}?amount=: the tip's transfer and memo, for `account`. */
export async function profileTransaction(
  deps: ActionDeps,
  address: string,
  account: string,
  amountText: string | undefined,
): Promise<ActionPostResponse> {
  const lamports = tipAmount(amountText);
  const recipient = await requireProfile(deps, address);
  if (account === address) throw new AppError('action_tip_self');
  // A tip across a block, or from a suspended wallet, would move the SOL and then be refused
  // as a message: refused here.
  const tipper = await findWalletUser(deps, account);
  if (tipper && (await isBlockedEitherWay(deps.messages.db, tipper.id, recipient.id))) {
    throw new AppError('blocked');
  }
  await refuseSuspended(deps, account);
  const sol = solText(lamports);
  const intent = await createPaymentIntent(deps.payments, {
    purpose: { kind: 'tip', recipient: address },
    payer: account,
    recipient: address,
    lamports,
  });
  return postResponse(deps, {
    account,
    recipient: address,
    lamports,
    reference: intent.reference,
    memo: `Dum Club: tip for ${address}`,
    message: `Tip ${formatAddress(address)} ${sol} SOL`,
    callback: `${profilePath(deps, address)}/confirm?amount=${sol}&reference=${intent.reference}`,
  });
}

/**
 * POST /api/actions/profile/{address}/confirm?amount=&reference=: records the confirmed tip as
 * the product records tips, a tip-only direct message from the tipper (messages slice), or, for
 * a tipper that never signed in here, as its anonymous payment (no user row, no message in its
 * name). Verified for this tip's intent only; a retry answers it again.
 */
export async function confirmTip(
  deps: ActionDeps,
  address: string,
  input: CallbackInput,
): Promise<CompletedAction> {
  const lamports = tipAmount(input.amount);
  await requireProfile(deps, address);
  if (input.account === address) throw new AppError('action_tip_self');
  const report = { by: 'reference' as const, reference: input.reference, account: input.account };
  const tipper = await findWalletUser(deps, input.account);
  if (tipper) {
    await sendMessage(
      deps.messages,
      tipper,
      address,
      { tip: { transactionSignature: input.signature, amount: lamports.toString() } },
      report,
    );
  } else {
    const checked = await recordAnonymousPayment(deps.payments, {
      signature: input.signature,
      purpose: { kind: 'tip', recipient: address },
      recipient: address,
      lamports,
      report,
      spentOn: 'tip',
    });
    if (!checked.ok) throw new AppError(transferRejectionError(checked.reason));
  }
  return {
    type: 'completed',
    icon: iconUrl(deps),
    title: 'Tip sent!',
    description: `You tipped ${formatAddress(address)} ${solText(lamports)} SOL on-chain.`,
    label: 'Tipped',
  };
}

/**
 * Records a payment the watcher found on the cluster for an intent these actions made, as its
 * callback would have (the payer's own report, by the intent's reference).
 */
export function actionPaymentRecorder(deps: ActionDeps): PaymentRecorder {
  return async (found) => {
    const input: CallbackInput = {
      account: found.payer,
      signature: found.signature,
      amount: solText(found.lamports),
      reference: found.reference,
    };
    if (found.purpose.kind === 'vault_support') {
      await confirmVaultSupport(deps, found.purpose.vaultId, input);
    } else if (found.purpose.kind === 'tip') {
      await confirmTip(deps, found.purpose.recipient, input);
    }
  };
}

// ---- Shared -----------------------------------------------------------------------------------

interface CallbackInput {
  account: string;
  signature: string;
  amount: string | undefined;
  /** The intent's reference from the callback's URL (the POST put it there). */
  reference: string;
}

/** Refuses a payment between wallets of which either blocked the other (both must be users). */
async function refuseAcrossBlock(deps: ActionDeps, payer: string, recipient: string) {
  const [payerId, recipientId] = await Promise.all([
    readPersonIdByAddress(deps.pool, payer),
    readPersonIdByAddress(deps.pool, recipient),
  ]);
  if (
    payerId &&
    recipientId &&
    (await isBlockedEitherWay(deps.messages.db, payerId, recipientId))
  ) {
    throw new AppError('blocked');
  }
}

/**
 * The POST answer: a legacy transaction paid by `account` with the transfer and the memo, on a
 * recent blockhash (a client sets its own when it signs), base64-encoded by @solana/actions,
 * with the chained callback as `links.next`.
 */
async function postResponse(
  deps: ActionDeps,
  input: {
    account: string;
    recipient: string;
    lamports: bigint;
    reference: string;
    memo: string;
    message: string;
    callback: string;
  },
): Promise<ActionPostResponse & { reference: string }> {
  const payer = new PublicKey(input.account);
  const { value } = await deps.chain.rpc.call<{
    value: { blockhash: string; lastValidBlockHeight: number };
  }>('getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const transaction = new Transaction({
    feePayer: payer,
    blockhash: value.blockhash,
    lastValidBlockHeight: value.lastValidBlockHeight,
  }).add(
    withReference(
      SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: new PublicKey(input.recipient),
        lamports: input.lamports,
      }),
      input.reference,
    ),
    new TransactionInstruction({
      programId: new PublicKey(MEMO_PROGRAM_ID),
      keys: [],
      data: Buffer.from(input.memo, 'utf8'),
    }),
  );
  const response = await createPostResponse({
    fields: {
      type: 'transaction',
      transaction,
      message: input.message,
      links: { next: { type: 'post', href: input.callback } },
    },
  });
  return { ...response, reference: input.reference };
}

/**
 * The reference goes on the transfer instruction as a read-only, non-signer key, as the Solana
 * Pay specification puts it: the System Program ignores it, and the cluster indexes it, so
 * `getSignaturesForAddress(reference)` finds the payment.
 */
function withReference(
  transfer: TransactionInstruction,
  reference: string,
): TransactionInstruction {
  transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return transfer;
}

/**
 * A wallet signed in: what it paid through blinks before it had a user here (its anonymous
 * payments) becomes its own, each in one transaction with its attribution: a vault support its
 * support, a tip its tip message.
 */
export async function attributeBlinkPayments(deps: ActionDeps, user: WalletUser): Promise<void> {
  const payments = await readUnattributedPayments(deps.pool, user.solAddress);
  for (const payment of payments) {
    const purpose = parsePurpose(payment.purpose);
    if (!purpose || (purpose.kind !== 'vault_support' && purpose.kind !== 'tip')) continue;
    const at = payment.created_at ?? deps.payments.clock.now();
    await inTransaction(deps, async (client) => {
      const now = deps.payments.clock.now();
      if (!(await claimAnonymousPayment(client, { signature: payment.signature, now }))) return;
      if (purpose.kind === 'vault_support') {
        await attributeAnonymousSupport(client, {
          vaultId: purpose.vaultId,
          supporterId: user.id,
          signature: payment.signature,
          amount: BigInt(payment.amount),
          slot: Number(payment.slot ?? 0),
          createdAt: at,
        });
      } else {
        await attributeAnonymousTip(deps.messages, client, {
          senderId: user.id,
          senderAddress: user.solAddress,
          recipientAddress: purpose.recipient,
          lamports: BigInt(payment.amount),
          signature: payment.signature,
          at,
        });
      }
    });
  }
}
