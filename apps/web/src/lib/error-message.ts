import { MESSAGES } from '@dum/core';
import { i18n } from '@lingui/core';
import { ApiError } from './api-client.ts';
import { SOURCE_LOCALE } from './i18n/index.ts';

/**
 * The text a toast or an inline error shows for a failure: the API's message (in another
 * language, its translation by error code from lib/api-errors, when the catalogue has one), or
 * the error's own.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return apiErrorMessage(error);
  if (error instanceof Error) return error.message;
  return i18n.locale === SOURCE_LOCALE
    ? MESSAGES.somethingWentWrong
    : apiErrorMessage(new ApiError(500, 'internal', MESSAGES.somethingWentWrong));
}

function apiErrorMessage(error: ApiError): string {
  const id = `error.${error.code}`;
  // English is the server's own text; a code the catalogue lacks (a newer server) too.
  if (i18n.locale === SOURCE_LOCALE || !(id in i18n.messages)) return error.message;
  return i18n._(id);
}
