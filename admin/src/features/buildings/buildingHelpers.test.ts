import { describe, expect, it } from 'vitest';
import { logoProblems } from './logoFile.ts';
import { dateFormatExample, durationLabel, timeFormatExample } from './optionLabels.ts';
import { phoneCharacters } from './PhoneInput.tsx';
import { moveInList } from './QuestionnairesTab.tsx';
import { qrFileName, qrLinks } from './qrLinks.ts';

describe('building screen helpers', () => {
  it('builds the four public links on the current host, with the mobile token on the check-in link', () => {
    const links = qrLinks({ qrCodeKey: 'key1', mobileToken: null }, 'https://visit.example');
    expect(links.map((link) => link.url)).toEqual([
      'https://visit.example/checkinKiosk/key1',
      'https://visit.example/checkin/key1',
      'https://visit.example/registration/key1',
      'https://visit.example/pinIdentification/key1',
    ]);
    expect(qrLinks({ qrCodeKey: 'key1', mobileToken: 'tok' }, 'https://visit.example')[1]!.url).toBe(
      'https://visit.example/checkin/key1?mt=tok',
    );
    expect(qrFileName('Siège Montréal', 'kiosk')).toBe('siege-montreal-kiosk.png');
  });

  it('checks a logo file: under 2,000,000 bytes, PNG, JPEG or BMP', () => {
    expect(logoProblems({ size: 1_999_999, type: 'image/png' })).toEqual([]);
    expect(logoProblems({ size: 2_000_000, type: 'image/jpeg' })).toEqual(['sizeTooBig']);
    expect(logoProblems({ size: 10, type: 'image/bmp' })).toEqual([]);
    expect(logoProblems({ size: 10, type: 'image/gif' })).toEqual(['invalidFormat']);
  });

  it('keeps only digits and a leading + in a phone number', () => {
    expect(phoneCharacters('+1 (416) 555-0123')).toBe('+14165550123');
    expect(phoneCharacters('416a5+5')).toBe('41655');
  });

  it('moves a questionnaire up and down within its list', () => {
    expect(moveInList(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveInList(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveInList(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('names durations and formats in words of the language', () => {
    expect(durationLabel('PT1H30M', 'en')).toBe('1 hour, 30 minutes');
    expect(durationLabel('PT24H', 'fr')).toMatch(/^24\s+heures$/);
    expect(dateFormatExample('dd/MM/yyyy')).toBe('31/12/2026');
    expect(timeFormatExample('hh:mm:ss a', 'PM')).toBe('02:05:30 PM');
  });
});
