import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { messageFromError, notifications } from '../features/notifications/index.ts';

const SEARCH_DELAY_MS = 300;

/** A page as the server answers it; `totalCapped` when it stopped counting (LIST_COUNT_CAP). */
export interface ListPage<R> {
  docs: R[];
  totalDocs: number;
  totalCapped?: boolean;
}

/** What a paged list asks the server for: the page, its size, the sort, the search and the filters. */
export type PageRequest<S extends string, F> = F & {
  sort: S;
  order: 1 | -1;
  page: number;
  limit: number;
  search: string;
};

export interface PagedList<S extends string, F, R> {
  /** The search as typed (the request follows it after a short pause). */
  search: string;
  setSearch: (search: string) => void;
  /** The search the shown page answers. */
  appliedSearch: string;
  request: PageRequest<S, F>;
  /** The page shown, or null before the first answer. */
  data: ListPage<R> | null;
  sortBy: (column: S) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  /** A new filter value; the list starts again from the first page. */
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** Several filters at once (and the search emptied, at once), from the first page. */
  setFilters: (values: Partial<F> & { search?: '' }) => void;
  /** Asks for the page again (after a change). */
  reload: () => void;
  /** After deleting a row: the previous page when it was the last row of its page, else the same page again. */
  afterRemove: () => void;
  /** What a ListPager under the list shows and changes. */
  pager: {
    total: number | null;
    /** The server counted no further than `total` (more rows match). */
    capped: boolean;
    page: number;
    limit: number;
    onPage: (page: number) => void;
    onLimit: (limit: number) => void;
  };
}

/** The query of a list sorted by name alone (its call takes no column): the order, the page and the search, if any. */
export function byNameQuery(request: PageRequest<'name', object>) {
  return { order: request.order, page: request.page, limit: request.limit, search: request.search || undefined };
}

/**
 * The state of a searchable, sortable, filtered and paged list: a new search or filter starts again
 * from the first page; a later answer never replaces the page of a newer request; a failure says why.
 */
export function usePagedList<S extends string, F extends object, R>(options: {
  sort: S;
  /** The first order (ascending unless said): the entry log starts with the newest. */
  order?: 1 | -1;
  filters: F;
  load: (request: PageRequest<S, F>, signal: AbortSignal) => Promise<ListPage<R>>;
}): PagedList<S, F, R> {
  const { load } = options;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // A search emptied applies at once (nothing to wait for while typing).
  const debouncedSearch = search.trim() === '' ? '' : debounced;
  const [request, setRequest] = useState<PageRequest<S, F>>(() => ({
    ...options.filters,
    sort: options.sort,
    order: options.order ?? 1,
    page: 1,
    limit: 10,
    search: '',
  }));
  const [data, setData] = useState<ListPage<R> | null>(null);
  const [reloads, setReloads] = useState(0);

  if (request.search !== debouncedSearch) setRequest((current) => ({ ...current, search: debouncedSearch, page: 1 }));

  useEffect(() => {
    const controller = new AbortController();
    load(request, controller.signal).then(
      (page) => !controller.signal.aborted && setData(page),
      (error: unknown) => !controller.signal.aborted && notifications.showError(messageFromError(error)),
    );
    return () => controller.abort();
  }, [load, request, reloads]);

  const setPage = (page: number) => setRequest((current) => ({ ...current, page }));
  const setLimit = (limit: number) => setRequest((current) => ({ ...current, limit, page: 1 }));

  return {
    search,
    setSearch,
    appliedSearch: request.search,
    request,
    data,
    sortBy: (column) =>
      setRequest((current) => ({
        ...current,
        sort: column,
        order: current.sort === column ? (current.order === 1 ? -1 : 1) : 1,
        page: 1,
      })),
    setPage,
    setLimit,
    setFilter: (key, value) => setRequest((current) => ({ ...current, [key]: value, page: 1 })),
    setFilters: (values) => {
      if (values.search !== undefined) setSearch(values.search);
      setRequest((current) => ({ ...current, ...values, search: values.search ?? current.search, page: 1 }));
    },
    reload: () => setReloads((count) => count + 1),
    afterRemove: () => {
      if (data !== null && data.docs.length === 1 && request.page > 1) {
        setRequest((current) => ({ ...current, page: current.page - 1 }));
      } else {
        setReloads((count) => count + 1);
      }
    },
    pager: {
      total: data?.totalDocs ?? null,
      capped: data?.totalCapped ?? false,
      page: request.page,
      limit: request.limit,
      onPage: setPage,
      onLimit: setLimit,
    },
  };
}
