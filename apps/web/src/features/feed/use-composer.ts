import { useReducer, type Dispatch, type SubmitEvent } from 'react';
import {
  composerReducer,
  INITIAL_COMPOSER_STATE,
  type ComposerAction,
  type ComposerState,
} from './composer-state.ts';
import { charactersLeft, POST_MAX_LENGTH } from '../post/index.ts';
import type { FeedPost } from '../post/index.ts';
import { useComposerSubmit } from './use-composer-submit.ts';

export interface ComposerOptions {
  /** The state to start from (a restored draft); the empty composer by default. */
  initialState?: ComposerState;
  /** After a post went out and the composer was cleared (the Create page leaves for the feed). */
  onPosted?: (post: FeedPost) => void;
}

/** One composer's state, checks and submit: what the feed's composer and the Create page share. */
export interface ComposerController {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  /** Posts what the composer holds, or says with a toast why not (useComposerSubmit). */
  submit: (event?: SubmitEvent) => void;
  pending: boolean;
  /** Characters left before POST_MAX_LENGTH (negative past it). */
  remaining: number;
  tooLong: boolean;
  /** Whether Post is enabled: some text, not too long, nothing on its way. */
  canPost: boolean;
}

/**
 * The composer both places write in: the feed's (features/feed/composer.tsx) and the Create
 * page's. The same state, the same checks and the same messages, whatever the layout around them.
 */
export function useComposer(
  viewerWallet: string | null,
  options: ComposerOptions = {},
): ComposerController {
  const [state, dispatch] = useReducer(
    composerReducer,
    options.initialState ?? INITIAL_COMPOSER_STATE,
  );
  const { submit, pending } = useComposerSubmit(state, dispatch, viewerWallet, options.onPosted);
  const remaining = charactersLeft(state.text, POST_MAX_LENGTH);
  const tooLong = remaining < 0;
  return {
    state,
    dispatch,
    submit,
    pending,
    remaining,
    tooLong,
    canPost: state.text.trim() !== '' && !tooLong && !pending,
  };
}
