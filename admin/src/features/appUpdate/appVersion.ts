/** The version this page was built with (root package.json, injected by Vite). */
export const appVersion: string = __APP_VERSION__;
