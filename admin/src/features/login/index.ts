// The login feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { LoginPage } from './LoginPage.tsx';
// SsoPage is fetched on demand by its path (app/routes.tsx), so the sign-in page's code does not include it.
