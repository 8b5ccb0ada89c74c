/**
 * Discover's wire shapes: the types of core's zod schemas (discover.ts), imported as types
 * only, so zod stays out of the bundle.
 */
import type { TopCreators } from '@dum/core';

export type {
  DiscoverPerson,
  SearchPage,
  SearchType,
  TopCreators,
  TrendingPage,
  TrendingTags,
} from '@dum/core';

/** A person in the week's top creators: with the DUM their posts' engagement minted. */
export type TopCreator = TopCreators['items'][number];
