// The server's own work as the benchmarks (scripts/bench) time it in process, without HTTP: the
// services they measure, the planner statistics they refresh after a bulk load, and the live
// stream's reader. Apart from the main entry (index.ts, what a host needs) because these are
// module internals whose signatures follow each refactor: only measurements lean on them.
export { refreshStatistics } from './db/statistics.ts';
export { checkIn } from './modules/checkin/checkin.service.ts';
export { SseReader } from './modules/live/sseReader.ts';
export { importPeople } from './modules/people/import/import.service.ts';
export { type PeopleCaller, peoplePage } from './modules/people/people.service.ts';
export type { VisitCaller } from './modules/visits/visitCaller.ts';
export { listVisits, visitStats, visitsCsv } from './modules/visits/visits.service.ts';
export { type ReportCaller, buildingReport, rebuildDirtyRollups } from './modules/reports/buildingReport.service.ts';
export { attendanceReport } from './modules/reports/attendance.service.ts';
export { eraseDue } from './modules/retention/retention.repo.ts';
export { entryReport, entryReportVisits } from './modules/reports/entryReport.service.ts';
export { getLayout } from './modules/floors/floors.service.ts';
export { spacesOfFloor } from './modules/floors/spaces.service.ts';
