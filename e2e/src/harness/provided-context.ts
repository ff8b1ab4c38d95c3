// The values the global setup hands to the test files through `project.provide`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** Folder where the run's SMTP server stores each message it receives (see mailbox.ts). */
    mailDir: string;
  }
}

export {};
