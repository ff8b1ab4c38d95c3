// The database's row types, generated from the migrated schema into tables.generated.ts by
// `node scripts/src/dbTypes.ts`; `npm run check` fails when that file no longer matches the
// migrations. Column types the catalogue cannot state (JSON shapes, checked values) are given
// in that script.
import type { DB } from './tables.generated.ts';

export type Database = DB;
export type {
  Buildings as BuildingsTable,
  Cameras as CamerasTable,
  Questions as QuestionsTable,
  Tenants as TenantsTable,
  Users as UsersTable,
  Visits as VisitsTable,
} from './tables.generated.ts';
