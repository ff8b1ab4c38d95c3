// The kiosk modules the sync tests import read Vite's `import.meta.env` (the app version);
// vitest fills it at run time, this declares the part they use for the typecheck.
interface ImportMetaEnv {
  readonly MODE: string;
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
