import { sql } from 'drizzle-orm';
import type { Tx } from '../emissions/index.ts';
import { deleteMediaOf } from '../media/index.ts';

/** What a removed direct message says, to both sides. */
const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';

/**
 * A moderator's removal of a direct message, run in the decision's transaction (the composition
 * root hands it to the moderation slice, which this one imports). Its content goes for both
 * sides; its row stays, so the thread and the conversation list keep their shape (a tip's
 * record stays). Its media rows go: answers the files' names.
 */
export async function removeReportedMessage(
  tx: Pick<Tx, 'execute'>,
  id: bigint,
): Promise<string[]> {
  const keys = await deleteMediaOf(tx, { directMessageId: id });
  await tx.execute(
    sql`update direct_messages set body = ${REMOVED_MESSAGE_TEXT}, image_key = null,
          audio_key = null where id = ${id}`,
  );
  return keys;
}
