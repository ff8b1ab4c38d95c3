// The kiosk feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { KioskGate } from './KioskGate.tsx';
export { KioskHome } from './KioskHome.tsx';
export { KioskLaunch } from './KioskLaunch.tsx';
