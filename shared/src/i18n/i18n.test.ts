import { describe, expect, it } from 'vitest';
import { locales } from '../constants.ts';
import { errorCodes } from '../errors.ts';
import { pickLocale, resources, translate } from './index.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = flatten(resources.en as unknown as Tree);

describe('message catalogues', () => {
  for (const locale of locales.filter((l) => l !== 'en')) {
    const catalogue = flatten(resources[locale] as unknown as Tree);
    it(`${locale} has exactly the English keys`, () => {
      expect([...catalogue.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english.keys()].filter((key) => !catalogue.has(key))).toEqual([]);
    });
    it(`${locale} keeps every placeholder and leaves nothing empty`, () => {
      const problems: string[] = [];
      for (const [key, text] of english) {
        const translated = catalogue.get(key) ?? '';
        if (translated.trim() === '') problems.push(`${key} is empty`);
        if (placeholders(translated).join() !== placeholders(text).join()) problems.push(`${key} placeholders differ`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('has a message for every error code in every language', () => {
    for (const locale of locales) {
      const missing = errorCodes.filter((code) => !resources[locale].errors[code]);
      expect(missing).toEqual([]);
    }
  });

  it('translates with parameters and falls back to English for an unknown locale key', () => {
    expect(translate('en', 'errors.BLOCKED_USER', { minutes: 15 })).toContain('15 minutes');
    expect(translate('fr', 'errors.NOT_FOUND')).not.toBe(translate('en', 'errors.NOT_FOUND'));
    expect(translate('es', 'no.such.key')).toBe('no.such.key');
  });

  it('picks the first supported language of an Accept-Language header', () => {
    expect(pickLocale('de-DE,es;q=0.8')).toBe('es');
    expect(pickLocale('fr-CA')).toBe('fr');
    expect(pickLocale('de')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
