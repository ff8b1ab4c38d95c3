// Vite fills import.meta.env (vite.config.ts defines the version); the reference gives its types
// to every package that compiles the offline engine, not only the kiosk's own build.
/// <reference types="vite/client" />

/** The running app's version, reported with each push and shown on the staff screen. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? import.meta.env.MODE;
