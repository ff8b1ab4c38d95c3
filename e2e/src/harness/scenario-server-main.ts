// A Vestibule server like server/src/main.ts (migrations, Demo data, the background jobs), except
// that it serves the admin and kiosk builds from E2E_ADMIN_DIR and E2E_KIOSK_DIR: a scenario's own
// copy of them, which a build started meanwhile (another session's) cannot change under its browsers.
import { buildApp, loadConfig, migrateToLatest, openDatabase, seedDemo } from '@vestibule/server';

const adminDir = process.env.E2E_ADMIN_DIR;
const kioskDir = process.env.E2E_KIOSK_DIR;
if (!adminDir || !kioskDir) throw new Error('E2E_ADMIN_DIR and E2E_KIOSK_DIR must name the builds to serve');

const config = loadConfig();
config.staticDirs = { admin: adminDir, kiosk: kioskDir };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (config.seedDemo) await seedDemo(database.db);
const app = await buildApp({ config, database, serveApps: true, runJobs: true });

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
