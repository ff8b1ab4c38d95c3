// A Vestibule server like server/src/main.ts, except that its kiosk app comes from E2E_KIOSK_DIR
// instead of kiosk/dist: the app-update scenario serves two builds of the kiosk from it.
import { buildApp, loadConfig, migrateToLatest, openDatabase, seedDemo } from '@vestibule/server';

const kioskDir = process.env.E2E_KIOSK_DIR;
if (!kioskDir) throw new Error('E2E_KIOSK_DIR must name the folder of the kiosk build to serve');

const config = loadConfig();
config.staticDirs = { ...config.staticDirs, kiosk: kioskDir };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (config.seedDemo) await seedDemo(database.db);
const app = await buildApp({ config, database, serveApps: true, runJobs: false });

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
