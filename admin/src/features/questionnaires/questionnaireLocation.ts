// The questionnaire screens share one route (/admin/questionnaires): the list keeps its
// search and page in the query string, and `questionnaire=<id>` opens one in the editor,
// so reloading, sharing a link and the browser's back button all keep the place.

export const PAGE_SIZE = 20;

export const queryKeys = { search: 'search', page: 'page', questionnaire: 'questionnaire' } as const;

export interface ListPlace {
  search: string;
  page: number;
}

export function listPlaceOf(params: URLSearchParams): ListPlace {
  const page = Number.parseInt(params.get(queryKeys.page) ?? '', 10);
  return { search: params.get(queryKeys.search) ?? '', page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The query string of the list at this place ("" for the first page without search). */
export function listSearch(place: ListPlace): string {
  const params = new URLSearchParams();
  if (place.search.trim() !== '') params.set(queryKeys.search, place.search);
  if (place.page > 1) params.set(queryKeys.page, String(place.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The query string of the editor of a questionnaire, remembering the list's place for "back". */
export function editorSearch(id: string, place: ListPlace): string {
  const params = new URLSearchParams(listSearch(place));
  params.set(queryKeys.questionnaire, id);
  return `?${params.toString()}`;
}
