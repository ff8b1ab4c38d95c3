import { CSV_BOM, type Locale, csvRow } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import { type PeopleFilter, pageOfPeople } from './people.repo.ts';
import { type PeopleCaller, filterOf, isoOf, scopeOf } from './people.service.ts';

/** "h:mm", as a people file writes a duration (the import reads it back). */
function hoursAndMinutes(minutes: number | null): string | null {
  if (minutes === null) return null;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The people.csv file with the list's filters, written page by page (a directory of any size
 * never sits in memory at once); headings in the caller's language, cells that could run as
 * formulas made inert by the shared writer. Types, ids, durations and dates are written as a
 * people file is read, so an exported file can be imported again.
 */
export async function* peopleCsv(
  ctx: ServerContext,
  caller: PeopleCaller,
  query: PeopleFilter,
  locale: Locale,
): AsyncGenerator<string> {
  const t = (key: string) => translate(locale, `csv.people.${key}`);
  const columns = [
    'firstName',
    'lastName',
    'email',
    'phone',
    'visitorType',
    'companyName',
    'jobTitle',
    'department',
    'externalId',
    'defaultDuration',
    'validFrom',
    'validTo',
    'buildingId',
    'building',
    'language',
    'active',
    'createdAt',
  ];
  yield CSV_BOM + csvRow(columns.map(t));
  const scope = scopeOf(caller);
  const filter = filterOf(query);
  const pageSize = 500;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await pageOfPeople(ctx.db, scope, filter, { offset, limit: pageSize });
    for (const row of rows) {
      yield csvRow([
        row.first_name,
        row.last_name,
        row.email,
        row.phone,
        row.visitor_type,
        row.company_name,
        row.job_title,
        row.department,
        row.external_id,
        hoursAndMinutes(row.default_duration),
        row.valid_from,
        row.valid_to,
        row.building_id,
        row.building_name,
        translate(locale, `common.languages.${row.locale}`),
        t(row.deactivated ? 'no' : 'yes'),
        isoOf(row.created_at),
      ]);
    }
    if (rows.length < pageSize) return;
  }
}
