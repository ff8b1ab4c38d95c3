import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildingsApi, DictionaryEntry, DictionaryName } from './buildingsApi.ts';

// Dictionaries change only with the language (country names): one call per port, name and language.
const cache = new WeakMap<BuildingsApi, Map<string, Promise<DictionaryEntry[]>>>();

function load(api: BuildingsApi, name: DictionaryName, language: string): Promise<DictionaryEntry[]> {
  let perApi = cache.get(api);
  if (!perApi) {
    perApi = new Map();
    cache.set(api, perApi);
  }
  const key = `${name}:${language}`;
  let entries = perApi.get(key);
  if (!entries) {
    entries = api.dictionary(name);
    perApi.set(key, entries);
    // A failed call is not remembered: the next use asks again.
    entries.catch(() => perApi.delete(key));
  }
  return entries;
}

/** Countries (named in the interface language), time zones or locales; empty until loaded. `onError` must be stable. */
export function useDictionary(api: BuildingsApi, name: DictionaryName, onError: (error: unknown) => void) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [loaded, setLoaded] = useState<{ key: string; entries: DictionaryEntry[] } | null>(null);
  const key = `${name}:${language}`;
  useEffect(() => {
    let live = true;
    load(api, name, language).then(
      (entries) => live && setLoaded({ key, entries }),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [api, name, language, key, onError]);
  return loaded?.key === key ? loaded.entries : (loaded?.entries ?? []);
}
