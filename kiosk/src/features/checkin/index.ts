// The checkin feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { CheckInFlow } from './CheckInFlow.tsx';
export type { FlowScreen } from './CheckInFlow.tsx';
export { KioskIdleNotice } from './KioskIdleNotice.tsx';
export { cachedSource, onlineSource } from './checkInSource.ts';
export type { VisitPreset } from './checkInSource.ts';
export { fetchCheckInBuilding } from './checkin.api.ts';
export type { Channel } from './checkin.api.ts';
export { useBuildingLanguage } from './useBuildingLanguage.ts';
export { kioskIdleMs, useIdleTimer } from './useIdleTimer.ts';
// VisitPage is fetched on demand by its path (app/App.tsx), so the first screen does not carry it.
export { identifiedPersonPreset, lookUpAtServer, visitOutcome } from './personPreset.ts';
export type { CachedDirectory, PassOutcome } from './personPreset.ts';
