import {
  ACTIONS_API_PREFIX,
  ACTIONS_SPEC_VERSION,
  actionCallbackRequestSchema,
  actionPostRequestSchema,
  AppError,
  ERRORS,
  solanaAddressSchema,
} from '@dum/core';
import { ACTIONS_CORS_HEADERS } from '@solana/actions';
import bs58 from 'bs58';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SharedContext } from '../../context.ts';
import { asAppError } from '../../http/errors.ts';
import { parsePositiveId } from '../../http/validate.ts';
import {
  actionsJson,
  blockchainIdOf,
  confirmTip,
  confirmVaultSupport,
  profileAction,
  profileTransaction,
  vaultAction,
  vaultTransaction,
  type ActionDeps,
} from './service.ts';

/** The fields of the app context (create-context.ts) this file uses. */
type ActionsRoutesContext = Pick<SharedContext, 'chain' | 'config' | 'database'>;

/** A vault id in a path: a positive integer, else the vault is not found. */
function parseVaultId(value: string): bigint {
  const id = parsePositiveId(value);
  if (id === null) throw new AppError('vault_not_found');
  return id;
}

/** A wallet address that is really 32 bytes of base58 (what a transaction can name). */
function isAddress(value: string): boolean {
  if (!solanaAddressSchema.safeParse(value).success) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

function parseProfileAddress(value: string): string {
  if (!isAddress(value)) throw new AppError('user_not_found');
  return value;
}

const amountQuery = z.object({ amount: z.string().max(40).optional() });
const callbackQuery = amountQuery.extend({ reference: z.string().max(64).optional() });

/** The `account` of an action POST (and the signature of a callback), or the error to answer. */
function readAccount(body: unknown): string {
  const parsed = actionPostRequestSchema.safeParse(body ?? {});
  if (!parsed.success || !isAddress(parsed.data.account)) {
    throw new AppError('action_account_invalid');
  }
  return parsed.data.account;
}

function readCallback(body: unknown): { account: string; signature: string } {
  const parsed = actionCallbackRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const missingSignature = parsed.error.issues.some((issue) => issue.path[0] === 'signature');
    throw new AppError(missingSignature ? 'vault_support_missing_data' : 'action_account_invalid');
  }
  if (!isAddress(parsed.data.account)) throw new AppError('action_account_invalid');
  return { account: parsed.data.account, signature: parsed.data.signature.trim() };
}

function readAmount(query: unknown): string | undefined {
  const parsed = amountQuery.safeParse(query ?? {});
  if (!parsed.success) throw new AppError('action_amount_invalid');
  return parsed.data.amount;
}

/**
 * A callback's `?amount=` and `?reference=` (the intent the POST made, in `links.next`). Without
 * a reference of the right shape the callback is refused here, before anything is read.
 */
function readCallbackQuery(query: unknown): { amount: string | undefined; reference: string } {
  const parsed = callbackQuery.safeParse(query ?? {});
  if (!parsed.success) throw new AppError('action_amount_invalid');
  const { amount, reference } = parsed.data;
  if (reference === undefined || !isAddress(reference)) {
    throw new AppError('payment_reference_required');
  }
  return { amount, reference };
}

/** The action icon: the app's mark (an absolute URL any blink client may load, see below). */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#g)"/><text x="32" y="43" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="900" text-anchor="middle" fill="#0b0a12">D</text></svg>';

/** The message of an ActionError: the catalogue's, with the fields a validation names. */
function actionErrorMessage(error: AppError): string {
  if (error.code !== 'validation_failed' || !Array.isArray(error.details)) return error.message;
  const fields = (error.details as Array<{ path: string; message: string }>)
    .map((d) => `${d.path}: ${d.message}`)
    .join('; ');
  return fields ? `${error.message} ${fields}` : error.message;
}

/**
 * The actions' dependencies: the other slices' parts are the ones their own routes use
 * (createAppContext builds each once), so a blink support and the vault page share one vault
 * cache.
 */
export function actionDepsOf(
  ctx: ActionsRoutesContext,
  slices: Pick<ActionDeps, 'readPost' | 'payments' | 'vaults' | 'messages'>,
): ActionDeps {
  return {
    origin: new URL(ctx.config.appOrigin).origin,
    pool: ctx.database.pool,
    chain: ctx.chain,
    ...slices,
    blockchainId: blockchainIdOf(ctx.chain),
  };
}

/**
 * Solana Actions (docs/api.md "Solana Actions"): `/actions.json` at the site root, and the
 * vault and profile actions under /api/actions. Everything here answers with the Actions
 * CORS headers (any origin: blink clients fetch from their own), `X-Action-Version` and
 * `X-Blockchain-Ids`, an OPTIONS preflight, and errors as the specification's `{ message }`.
 * `deps` is built once per context (actionDepsOf), with the feed slice's reader for the vault
 * post's text.
 */
export async function actionRoutes(app: FastifyInstance, deps: ActionDeps): Promise<void> {
  /**
   * The headers of every answer in these scopes, errors included. The cluster's id is read
   * once from the cluster (the localnet's genesis hash); while it cannot be read the answer goes
   * out without X-Blockchain-Ids rather than not at all (actions.json and GET need no chain).
   */
  const actionHeaders = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const blockchainId = await deps.blockchainId();
    if (!blockchainId) request.log.debug('the cluster id is not known: no X-Blockchain-Ids');
    void reply.headers({
      ...ACTIONS_CORS_HEADERS,
      'X-Action-Version': ACTIONS_SPEC_VERSION,
      ...(blockchainId ? { 'X-Blockchain-Ids': blockchainId } : {}),
      // helmet's same-origin policy would stop a blink client's page from showing the icon.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  };

  const scoped = async (scope: FastifyInstance): Promise<void> => {
    scope.addHook('onRequest', async (request, reply) => {
      await actionHeaders(request, reply);
    });
    scope.setErrorHandler(async (error, request, reply) => {
      const appError = asAppError(error);
      if (appError.status >= 500) request.log.error({ err: error }, 'action failed');
      else request.log.info({ code: appError.code, status: appError.status }, 'action rejected');
      return reply
        .status(appError.status)
        .type('application/json')
        .send({ message: actionErrorMessage(appError) });
    });
  };

  await app.register(async (scope) => {
    await scoped(scope);
    scope.get('/actions.json', () => actionsJson());
    scope.options('/actions.json', (_request, reply) => reply.status(204).send());
  });

  await app.register(
    async (scope) => {
      await scoped(scope);
      scope.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ message: ERRORS.route_not_found.message }),
      );
      scope.options('/*', (_request, reply) => reply.status(204).send());

      scope.get('/icon.svg', (_request, reply) =>
        reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(ICON_SVG),
      );

      scope.get<{ Params: { id: string } }>('/vaults/:id', async (request) => {
        return vaultAction(deps, parseVaultId(request.params.id));
      });
      scope.post<{ Params: { id: string } }>(
        '/vaults/:id',
        { config: { writeLimit: 'other' } },
        async (request) =>
          vaultTransaction(
            deps,
            parseVaultId(request.params.id),
            readAccount(request.body),
            readAmount(request.query),
          ),
      );
      scope.post<{ Params: { id: string } }>(
        '/vaults/:id/confirm',
        { config: { writeLimit: 'support' } },
        async (request) =>
          confirmVaultSupport(deps, parseVaultId(request.params.id), {
            ...readCallback(request.body),
            ...readCallbackQuery(request.query),
          }),
      );

      scope.get<{ Params: { address: string } }>('/profile/:address', async (request) => {
        return profileAction(deps, parseProfileAddress(request.params.address));
      });
      scope.post<{ Params: { address: string } }>(
        '/profile/:address',
        { config: { writeLimit: 'other' } },
        async (request) =>
          profileTransaction(
            deps,
            parseProfileAddress(request.params.address),
            readAccount(request.body),
            readAmount(request.query),
          ),
      );
      scope.post<{ Params: { address: string } }>(
        '/profile/:address/confirm',
        { config: { writeLimit: 'message' } },
        async (request) =>
          confirmTip(deps, parseProfileAddress(request.params.address), {
            ...readCallback(request.body),
            ...readCallbackQuery(request.query),
          }),
      );
    },
    { prefix: ACTIONS_API_PREFIX },
  );
}
