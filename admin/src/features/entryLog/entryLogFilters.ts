import type { visitStatusFilters } from '@vestibule/shared';
import {
  VISIT_RANGE_MAX_DAYS,
  type VisitCounter,
  type VisitSortColumn,
  type VisitorType,
  dateRangeError,
} from '@vestibule/shared';
import type { PageRequest } from '../../components/usePagedList.ts';
import type { VisitCsvQuery, VisitListRequest } from './entryLogApi.ts';

// The entry log's filters: building, a counter of the building's day (a tile), type, status, the
// visitor's company, and a range of days (at most 30) of the check-in, check-out or scheduled time.

export type VisitStatusFilter = (typeof visitStatusFilters)[number];
export const dateFilters = ['checkInAt', 'checkOutAt', 'scheduledAt'] as const;
export type DateFilter = (typeof dateFilters)[number];

export interface EntryLogFilterValues {
  buildingId: string | undefined;
  /** The visits a tile counts (its number is this list's length). */
  counter: VisitCounter | undefined;
  visitorType: VisitorType | undefined;
  status: VisitStatusFilter | undefined;
  companyName: string;
  dateFilter: DateFilter;
  /** Days of the user's calendar (yyyy-MM-dd, as date fields give them); '' for none. */
  from: string;
  to: string;
}

export const noEntryLogFilters: EntryLogFilterValues = {
  buildingId: undefined,
  counter: undefined,
  visitorType: undefined,
  status: undefined,
  companyName: '',
  dateFilter: 'checkInAt',
  from: '',
  to: '',
};

export type EntryLogRequest = PageRequest<VisitSortColumn, EntryLogFilterValues>;

/** The start of a day of the user's calendar (plus `daysLater`), as the moment the server filters by. */
function startOfDay(day: string, daysLater = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + daysLater).toISOString();
}

/** The moments of a range of whole days: from the first day's start to the last day's end (excluded). */
export function rangeOf(from: string, to: string): { from: string | undefined; to: string | undefined } {
  return { from: startOfDay(from), to: startOfDay(to, 1) };
}

/** Why a range of days cannot be asked for (the shared 30-day rule), or null. */
export function rangeProblem(from: string, to: string): 'ORDER' | 'TOO_LONG' | null {
  const range = rangeOf(from, to);
  return dateRangeError(range.from, range.to, VISIT_RANGE_MAX_DAYS);
}

/** The server's filters for the screen's. */
function filterQuery(request: EntryLogRequest) {
  const range = rangeOf(request.from, request.to);
  const dated = range.from !== undefined || range.to !== undefined;
  return {
    buildingId: request.buildingId,
    counter: request.counter,
    visitorType: request.visitorType,
    status: request.status,
    companyName: request.companyName.trim() || undefined,
    search: request.search || undefined,
    dateFilter: dated ? request.dateFilter : undefined,
    from: range.from,
    to: range.to,
  };
}

export function listQuery(request: EntryLogRequest): VisitListRequest {
  const { sort, order, page, limit } = request;
  return { ...filterQuery(request), sort, order, page, limit };
}

export function csvQuery(request: EntryLogRequest): VisitCsvQuery {
  return { ...filterQuery(request), sort: request.sort, order: request.order };
}

/** Whether anything narrows the list (the empty list then says "no visit matches"). */
export function isFiltered(request: EntryLogRequest): boolean {
  return Boolean(
    request.search ||
    request.counter ||
    request.visitorType ||
    request.status ||
    request.companyName.trim() ||
    request.from ||
    request.to,
  );
}

/**
 * A tile chosen: its visits alone (every other filter cleared, so the list is what the tile
 * counts); the same tile again: no tile.
 */
export function tileFilters(request: EntryLogRequest, counter: VisitCounter) {
  if (request.counter === counter) return { counter: undefined };
  return {
    counter,
    visitorType: undefined,
    status: undefined,
    companyName: '',
    from: '',
    to: '',
    search: '' as const,
  };
}
