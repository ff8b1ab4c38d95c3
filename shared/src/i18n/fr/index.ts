import type { Catalogue, Resources } from '../index.ts';
import { forgotPassword, passwordRules, resetPassword, verify } from './account.ts';
import { buildings } from './buildings.ts';
import { cities } from './cities.ts';
import { privacy } from './privacy.ts';
import { watchlist } from './watchlist.ts';
import { integrations } from './integrations.ts';
import { tenants } from './tenants.ts';
import { myProfile } from './profile.ts';
import { users } from './users.ts';
import { people } from './people.ts';
import { entryLog } from './entryLog.ts';
import { evacuation } from './evacuation.ts';
import { reports } from './reports.ts';
import { buildingReport } from './buildingReport.ts';
import { entryReports } from './entryReports.ts';
import { floors } from './floors.ts';
import { spaces } from './spaces.ts';
import { spaceCheckIn } from './spaceCheckIn.ts';
import { booking } from './booking.ts';
import { badge } from './badge.ts';
import { common } from './common.ts';
import { csv } from './csv.ts';
import { errors } from './errors.ts';
import { mail } from './mail.ts';
import { login } from './login.ts';
import { logs } from './logs.ts';
import { operations } from './operations.ts';
import { pages } from './pages.ts';
import { questionnaires } from './questionnaires.ts';
import { scanner } from './scanner.ts';
import { publicPages } from './publicPages.ts';
import { shell } from './shell.ts';
import { publicVisit } from './publicVisit.ts';
import { wizard } from './wizard.ts';

export const fr = {
  common,
  csv,
  errors,
  mail,
  publicPages,
  shell,
  login,
  pages,
  questionnaires,
  logs,
  operations,
  buildings,
  tenants,
  cities,
  privacy,
  watchlist,
  integrations,
  wizard,
  publicVisit,
  scanner,
  forgotPassword,
  resetPassword,
  verify,
  passwordRules,
  myProfile,
  users,
  people,
  evacuation,
  entryLog,
  reports,
  buildingReport,
  entryReports,
  floors,
  spaces,
  spaceCheckIn,
  booking,
  badge,
} satisfies Catalogue<Resources>;
