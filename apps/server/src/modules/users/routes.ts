import { AppError } from '@dum/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { parseQuery } from '../../http/validate.ts';
import { readAccount, toView } from '../staking/service.ts';

const addressParam = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * GET /api/users/{address}: the wallet's public record with its DUM (spec section 3, "user
   * wallet record queried under the wallet address"). 404 for a wallet that never signed in.
   */
  app.get<{ Params: { address: string } }>('/api/users/:address', async (request) => {
    parseQuery(z.object({}), request.query);
    const address = addressParam.safeParse(request.params.address);
    if (!address.success) throw new AppError('bad_request', { message: 'Not a Solana address.' });
    const [user] = await ctx.database.db
      .select({
        id: users.id,
        solAddress: users.solAddress,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        isVerified: users.isVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.solAddress, address.data));
    if (!user) throw new AppError('not_found', { message: 'No Dum Club user has this wallet.' });
    const account = await readAccount(ctx.database.db, user.id);
    return {
      ...user,
      createdAt: user.createdAt.toISOString(),
      ...toView(account, ctx.clock.now(), ctx.config.economy.stakingAprBps),
    };
  });
}
