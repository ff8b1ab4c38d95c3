// The publicPage feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { PublicPage } from './PublicPage.tsx';
