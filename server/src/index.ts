// The server as other packages host it in process (browser scenarios, benchmarks, the kiosk's
// offline-engine tests): the app, its configuration, the database and the demo data. Production
// starts it through main.ts.
export { buildApp } from './app.ts';
export { type AppConfig, loadConfig } from './config.ts';
export { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from './db/database.ts';
export { DEMO_PASSWORD, demoLinks, demoUsers, seedDemo } from './db/seed/demo.ts';
export type { ServerContext } from './context.ts';
