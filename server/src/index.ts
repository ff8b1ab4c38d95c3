// The server as other packages host it in process (browser scenarios, benchmarks, the kiosk's
// offline-engine tests): the app, its configuration, the database and the demo data, and a
// person's pass drawn as the server draws it (the scenarios show it to a kiosk's camera).
// Production starts it through main.ts. What benchmarks time in process is @vestibule/server/bench
// (bench.ts); the test worlds they build are @vestibule/server/testing (test/helpers/index.ts).
export { buildApp } from './app.ts';
export { type AppConfig, loadConfig } from './config.ts';
export { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from './db/database.ts';
export { DEMO_PASSWORD, demoLinks, demoUsers, seedDemo } from './db/seed/demo.ts';
export { passQrCode } from './modules/people/peoplePass.ts';
export type { ServerContext } from './context.ts';
