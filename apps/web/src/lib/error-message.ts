import { MESSAGES } from '@dum/core';
import { ApiError } from './api-client.ts';

/** The text a toast or an inline error shows for a failure: the API's message or the error's own. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return MESSAGES.somethingWentWrong;
}
