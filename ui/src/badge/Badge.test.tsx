import { cleanup, render, screen, within } from '@testing-library/react';
import { DEFAULT_BADGE_LAYOUT, type BadgeContent } from '@vestibule/shared';
import { badge as en } from '@vestibule/shared/i18n/en/badge';
import { badge as fr } from '@vestibule/shared/i18n/fr/badge';
import QRCode from 'qrcode';
import { afterEach, describe, expect, test } from 'vitest';
import { Badge } from './Badge.tsx';
import { badgePageRule } from './BadgeSheet.tsx';

afterEach(cleanup);

const content: BadgeContent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines',
  host: 'Charles Babbage',
  visitorType: 'CONTRACTOR',
  validFrom: '2026-11-28T09:00:00.000Z',
  validUntil: '2026-11-28T10:30:00.000Z',
  visitCode: 'ABCD2345',
  buildingName: 'Demo HQ',
  timeZoneId: 'Europe/Paris',
};

describe('a badge', () => {
  test('shows the name, company, host, type, the time it is valid until on the building clock, the photo and the code', () => {
    render(
      <Badge
        content={content}
        layout={DEFAULT_BADGE_LAYOUT}
        texts={en}
        locale="en"
        logoSrc="/logo.png"
        photoSrc="/photo.jpg"
      />,
    );
    const badge = screen.getByRole('article', { name: 'Contractor: Ada Lovelace' });
    expect(badge.dataset.size).toBe('LABEL_62X100');
    expect(within(badge).getByText('Contractor')).toBeTruthy();
    expect(within(badge).getByText('Analytical Engines')).toBeTruthy();
    expect(within(badge).getByText('Charles Babbage')).toBeTruthy();
    // 10:30 UTC is 11:30 in Paris.
    const until = within(badge).getByText('Valid until').nextElementSibling;
    if (!until) throw new Error('No time after "Valid until"');
    expect(until.textContent).toBe('Nov 28, 2026, 11:30 AM');
    expect(within(badge).getByRole('img', { name: en.photo }).getAttribute('src')).toBe('/photo.jpg');
    expect(within(badge).getByRole('img', { name: en.logo }).getAttribute('src')).toBe('/logo.png');
    expect(within(badge).getByRole('img', { name: `${en.qrCode}: ABCD2345` })).toBeTruthy();
  });

  test('its QR code draws exactly the modules of the visit code', () => {
    render(
      <Badge content={content} layout={DEFAULT_BADGE_LAYOUT} texts={en} locale="en" logoSrc={null} photoSrc={null} />,
    );
    const svg = screen.getByRole('img', { name: `${en.qrCode}: ABCD2345` });
    const { modules } = QRCode.create('ABCD2345', { errorCorrectionLevel: 'M' });
    const dark = modules.data.reduce((count, bit) => count + bit, 0);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${modules.size + 4} ${modules.size + 4}`);
    const path = svg.querySelector('path');
    if (!path) throw new Error('The QR code draws nothing');
    expect((path.getAttribute('d') ?? '').match(/M/g)).toHaveLength(dark);
  });

  test('leaves out what the layout turns off, and speaks the language it is given', () => {
    const layout = {
      ...DEFAULT_BADGE_LAYOUT,
      photo: false,
      company: false,
      host: false,
      validUntil: false,
      logo: false,
      qrCode: false,
    };
    render(
      <Badge content={content} layout={layout} texts={fr} locale="fr" logoSrc="/logo.png" photoSrc="/photo.jpg" />,
    );
    const badge = screen.getByRole('article', { name: 'Prestataire: Ada Lovelace' });
    expect(within(badge).queryByRole('img')).toBeNull();
    expect(within(badge).queryByText('Analytical Engines')).toBeNull();
    expect(within(badge).queryByText('Charles Babbage')).toBeNull();
    expect(within(badge).queryByText(fr.validUntil)).toBeNull();
    expect(within(badge).getByText('28 nov. 2026')).toBeTruthy();
  });
});

describe("a badge's page", () => {
  test('is its label, without margins; a continuous roll is as long as the badge measured', () => {
    expect(badgePageRule('LABEL_62X100', null)).toBe('@page { size: 62mm 100mm; margin: 0; }');
    expect(badgePageRule('LABEL_4X3_IN', null)).toBe('@page { size: 101.6mm 76.2mm; margin: 0; }');
    expect(badgePageRule('A6', null)).toBe('@page { size: 105mm 148mm; margin: 0; }');
    expect(badgePageRule('LABEL_62_CONTINUOUS', 71.2)).toBe('@page { size: 62mm 72mm; margin: 0; }');
  });
});
