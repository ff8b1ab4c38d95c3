import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { isPublicPage } from '@vestibule/shared';
import { PublicPage } from './PublicPage.tsx';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ resources, lng: 'fr', defaultNS: 'publicPages', interpolation: { escapeValue: false } });
});

describe('public page frame', () => {
  it('recognises the public pages’ paths', () => {
    expect(isPublicPage('/checkinKiosk/abc')).toBe(true);
    expect(isPublicPage('/checkOut/xyz')).toBe(true);
    expect(isPublicPage('/elsewhere')).toBe(false);
  });

  it('tells a visitor in their language that the page is being prepared', () => {
    render(<PublicPage path="/checkin/abc" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(resources.fr.publicPages.comingSoonTitle);
    expect(screen.getByLabelText(resources.fr.publicPages.language)).toBeTruthy();
  });
});
