import { accountContract } from './account.ts';
import { auditContract } from './audit.ts';
import { authContract } from './auth.ts';
import { buildingReportContract } from './buildingReport.ts';
import { buildingsContract } from './buildings.ts';
import { camerasContract } from './cameras.ts';
import { checkinContract } from './checkin.ts';
import { citiesContract } from './cities.ts';
import { devicesContract } from './devices.ts';
import { documentsContract } from './documents.ts';
import { entryReportsContract } from './entryReports.ts';
import { evacuationContract } from './evacuation.ts';
import { floorsContract } from './floors.ts';
import { identificationContract } from './identification.ts';
import { liveContract } from './live.ts';
import type { EndpointKey } from './endpoint.ts';
import { mailContract } from './mail.ts';
import { operationsContract } from './operations.ts';
import { peopleContract } from './people.ts';
import { peopleUploadContract } from './peopleUpload.ts';
import { privacyContract } from './privacy.ts';
import { watchlistContract } from './watchlist.ts';
import { webhooksContract } from './webhooks.ts';
import { apiTokensContract } from './apiTokens.ts';
import { ssoContract } from './sso.ts';
import { hostChannelsContract } from './hostChannels.ts';
import { publicVisitContract } from './publicVisit.ts';
import { questionnairesContract } from './questionnaires.ts';
import { spaceBookingCheckInContract } from './spaceBookingCheckIn.ts';
import { spaceBookingPublicContract } from './spaceBookingPublic.ts';
import { spaceBookingsContract } from './spaceBookings.ts';
import { staffCheckInContract } from './staffCheckIn.ts';
import { syncContract } from './sync.ts';
import { systemContract } from './system.ts';
import { tenantsContract } from './tenants.ts';
import { usersContract } from './users.ts';
import { visitsContract } from './visits.ts';

export * from './endpoint.ts';
export type { City, CityInput, CityList, CityListQuery } from './cities.ts';
export { CITY_NAME_MAX } from './cities.ts';
export type {
  LiveReady,
  LiveRollCallEvent,
  LiveRollCallKind,
  LiveTicket,
  LiveVisitEvent,
  LiveVisitKind,
} from '../schemas/live.ts';
export {
  LIVE_TICKET_SECONDS,
  liveReadySchema,
  liveRollCallEventSchema,
  liveStreamEvents,
  liveVisitEventSchema,
  liveVisitKinds,
} from '../schemas/live.ts';

/** Every call of the service, by method and path (under /service). */
export const contract = {
  ...systemContract,
  ...authContract,
  ...accountContract,
  ...tenantsContract,
  ...privacyContract,
  ...watchlistContract,
  ...webhooksContract,
  ...apiTokensContract,
  ...ssoContract,
  ...hostChannelsContract,
  ...citiesContract,
  ...usersContract,
  ...buildingsContract,
  ...camerasContract,
  ...devicesContract,
  ...questionnairesContract,
  ...documentsContract,
  ...mailContract,
  ...auditContract,
  ...visitsContract,
  ...staffCheckInContract,
  ...evacuationContract,
  ...peopleContract,
  ...peopleUploadContract,
  ...checkinContract,
  ...identificationContract,
  ...publicVisitContract,
  ...syncContract,
  ...liveContract,
  ...operationsContract,
  ...buildingReportContract,
  ...entryReportsContract,
  ...floorsContract,
  ...spaceBookingsContract,
  ...spaceBookingCheckInContract,
  ...spaceBookingPublicContract,
};

export type Contract = typeof contract;
export type ContractKey = keyof Contract & EndpointKey;
