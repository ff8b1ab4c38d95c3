import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import type { DictionaryEntry, DictionaryName } from './buildingsApi.ts';

// Dictionaries change only with the language (country names): one call per name and language.
const cache = new Map<string, Promise<DictionaryEntry[]>>();

function load(name: DictionaryName, language: string): Promise<DictionaryEntry[]> {
  const key = `${name}:${language}`;
  let entries = cache.get(key);
  if (!entries) {
    entries = api.call('GET /building/dictionaries/:name', { params: { name } });
    cache.set(key, entries);
    // A failed call is not remembered: the next use asks again.
    entries.catch(() => cache.delete(key));
  }
  return entries;
}

/** Countries (named in the interface language), time zones or locales; empty until loaded. `onError` must be stable. */
export function useDictionary(name: DictionaryName, onError: (error: unknown) => void) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [loaded, setLoaded] = useState<{ key: string; entries: DictionaryEntry[] } | null>(null);
  const key = `${name}:${language}`;
  useEffect(() => {
    let live = true;
    load(name, language).then(
      (entries) => live && setLoaded({ key, entries }),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [name, language, key, onError]);
  return loaded?.key === key ? loaded.entries : (loaded?.entries ?? []);
}
