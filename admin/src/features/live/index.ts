// Live updates of visits: the entry log and its counters follow every check-in and
// check-out as it happens. `useLiveVisits(buildingId, onChange)`; see useLiveVisits.ts.
export { useLiveVisits } from './useLiveVisits.ts';
export type { LiveStatus, LiveTransport, LiveVisitsChange } from './liveConnection.ts';
