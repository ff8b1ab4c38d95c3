import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { DEMO_PASSWORD, demoLinks, demoUsers, seedDemo } from './db/seed/demo.ts';
import { createEnrolment } from './modules/kiosks/kiosks.service.ts';
import { personalLink } from './modules/people/peoplePass.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readDatabaseUrl: config.readDatabaseUrl,
    dataDir: config.dataDir,
  });
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemo(database.db);
  const app = await buildApp({ config, database, serveApps: true, runJobs: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Finish requests in flight, then close the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl ?? `http://localhost:${port}`;
  const lines = [
    '',
    `Vestibule is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`,
    `  Admin app:        ${base}/`,
    `  API:              ${base}/service`,
    `  API docs:         ${base}/service/docs`,
    `  Health:           ${base}/service/actuator/health`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo logins:      ${demoUsers.map((u) => u.username).join(', ')} — password ${DEMO_PASSWORD}`);
    const links = await demoLinks(database.db);
    if (links) {
      // A tablet becomes a kiosk by enrolment: a fresh one-time code for Demo HQ at each start.
      const enrolment = await createEnrolment(app.ctx, {
        tenantId: links.tenantId,
        buildingId: links.buildingId,
        name: 'Demo kiosk',
        userId: null,
        origin: base,
      });
      lines.push(
        `  Enrol a kiosk:    ${enrolment.url}  (open it on the tablet: once, within 15 minutes; more codes in the building's Kiosk devices tab)`,
      );
      lines.push(`  Demo kiosk:       ${base}${links.kiosk}  (once enrolled; staff screen PIN ${links.pin})`);
      lines.push(`  Phone check-in:   ${base}${links.phone}`);
      const holder = links.passHolder;
      if (holder) {
        // One of Demo HQ's regulars, to try the pass scan and PIN identification at once.
        lines.push(
          `  Employee pass:    ${personalLink(app.ctx, base, links.qrCodeKey, holder.passIdentifier)}  (${holder.name}, ${holder.externalId}, ${holder.email})`,
        );
        lines.push(
          `  Try it:           scan or open the pass link; PIN identification: building PIN ${links.pin}, then ${holder.lastName}, ${holder.externalId} or the e-mail with personal PIN ${holder.pin}`,
        );
      }
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
