// The pages feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { AccessDeniedPage } from './AccessDeniedPage.tsx';
export { ExternalDocsPage } from './ExternalDocsPage.tsx';
export { LandingPage } from './LandingPage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { RedirectPage } from './RedirectPage.tsx';
export { RouteErrorPage } from './RouteErrorPage.tsx';
export { SignUpPage } from './SignUpPage.tsx';
export { TenantRequiredPage } from './TenantRequiredPage.tsx';
