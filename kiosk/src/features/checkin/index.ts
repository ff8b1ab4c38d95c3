// The checkin feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { CheckInFlow } from './CheckInFlow.tsx';
export type { FlowScreen } from './CheckInFlow.tsx';
export { KioskIdleNotice } from './KioskIdleNotice.tsx';
export { VisitPage } from './VisitPage.tsx';
export { cachedSource, onlineSource } from './checkInSource.ts';
export type { VisitPreset } from './checkInSource.ts';
export { fetchCheckInBuilding } from './checkin.api.ts';
export type { Channel } from './checkin.api.ts';
export { useBuildingLanguage } from './useBuildingLanguage.ts';
export { kioskIdleMs } from './useIdleTimer.ts';
