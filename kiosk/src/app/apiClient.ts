import { createApiClient } from '@vestibule/shared/api';
import { currentLocale } from '../i18n/i18n.ts';
import { kioskFetch } from '../offline/credential.ts';

/** The public pages call the server without a sign-in; every call says the visitor's language (and an enrolled kiosk carries its credential). */
export const apiClient = createApiClient({ getToken: () => null, getLocale: currentLocale, fetchImpl: kioskFetch });
