import type { UserSummary } from '@dum/core';

/**
 * A user as lists of people, a conversation's peer and the signed-in user show them: the users
 * row's summary columns, read under one shape by every slice that joins `users` and mapped to
 * core's UserSummary one way, so a new summary field is added in one place.
 */
export interface UserSummaryRow {
  id: string;
  sol_address: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  is_verified: boolean;
}

/** The select list of a UserSummaryRow, for a query that names `users` as `u`. */
export const USER_SUMMARY_COLUMNS = `u.id, u.sol_address, u.username, u.display_name, u.avatar_url, u.is_verified`;

export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    solAddress: row.sol_address,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    isVerified: row.is_verified,
  };
}
