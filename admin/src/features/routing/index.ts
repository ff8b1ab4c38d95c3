// The routing feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { decideAccess, homePathFor, isRedirectablePath } from './routeAccess.ts';
export { paths, routeTable } from './routeTable.ts';
export type { RouteId } from './routeTable.ts';
