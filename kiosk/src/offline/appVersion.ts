/** The running app's version, reported with each push and shown on the staff screen. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? import.meta.env.MODE;
