/** The product version, injected at build time from the root package.json. */
declare const __APP_VERSION__: string;
