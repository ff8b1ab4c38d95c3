import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@vestibule/shared/api';
import { initTestI18n } from '../i18n/testI18n.ts';
import { errorMessage } from './errorMessage.ts';

beforeAll(async () => {
  await initTestI18n('fr');
});

describe('messages of failed calls', () => {
  it('uses the catalogue text of the code, with the field named as on screen', () => {
    expect(errorMessage(new ApiError(400, 'MISSING', 'x', { field: 'lastName' }), i18next)).toBe(
      'Ce champ est obligatoire : Nom.',
    );
    expect(errorMessage(new ApiError(400, 'MISSING', 'x', { field: 'consentAccepted' }), i18next)).toBe(
      'Ce champ est obligatoire : consentement.',
    );
  });

  it('says the network failed when there is no answer', () => {
    expect(errorMessage(new TypeError('fetch failed'), i18next)).toBe(i18next.t('errors:SERVER_CONNECTION_ERROR'));
  });
});
