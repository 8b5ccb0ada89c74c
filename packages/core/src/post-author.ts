import { z } from 'zod';

/** A post's author as feed items (and the posts they quote) carry it. */
export const postAuthorSchema = z.object({
  id: z.string(),
  avatarUrl: z.string().nullable(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  isVerified: z.boolean(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;
