// The database's row types, generated from the migrated schema (kysely-codegen reading the
// catalogue of an embedded PostgreSQL after every migration has run):
//   node scripts/src/dbTypes.ts          writes server/src/db/tables.generated.ts
//   node scripts/src/dbTypes.ts --check  fails when that file differs from the migrations (`npm run check`)
// What the catalogue cannot say (the shape of a JSON column, the values a check constraint
// allows) is stated once below, next to the column.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostgresDialect, generate } from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';
import { migrateToLatest, openDatabase } from '@vestibule/server';
import { root } from './lib/run.ts';

const outFile = join(root, 'server', 'src', 'db', 'tables.generated.ts');
const relative = 'server/src/db/tables.generated.ts';

const union = (...values: string[]) => values.map((value) => `'${value}'`).join(' | ');
const personTypes = union('VISITOR', 'CONTRACTOR', 'EMPLOYEE');
/** A JSON column: read as `type`, written as its JSON text. */
const json = (type: string, insert = 'string') => `ColumnType<${type}, ${insert}, string>`;

const columns: Record<string, string> = {
  'users.role': 'Role',
  'sso_providers.default_role': union('ROLE_MASTER', 'ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'),
  'users.user_locale': `Generated<${union('en', 'fr', 'es')}>`,
  'buildings.settings': json('BuildingSettings'),
  'buildings.check_in_forms': json('BuildingCheckInForms'),
  'cameras.camera_place': union('ENTRY', 'EXIT', 'ENTRY_EXIT'),
  'questions.question_type': union('YESNO', 'YESNONA', 'FREEFORM'),
  'building_questionnaires.visitor_type': personTypes,
  'building_questionnaires.kind': union('ENTRY', 'EXIT'),
  'mail_outbox.status': `Generated<${union('PENDING', 'SENT', 'FAILED')}>`,
  'visits.visitor_type': union('VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT'),
  'visits.check_in_form': json('Record<string, string | boolean>', 'string | undefined'),
  'visits.refusal_reason': `${union('ALERT_ANSWER', 'TEMPERATURE', 'WATCHLIST')} | null`,
  'visits.watch_hold': `${union('HELD', 'APPROVED')} | null`,
  'watchlist_entries.kind': union('NAME', 'EMAIL', 'PHONE', 'COMPANY'),
  'watchlist_entries.action': union('DENY', 'HOLD'),
  'webhook_deliveries.status': `Generated<${union('PENDING', 'DELIVERED', 'FAILED')}>`,
  'webhook_deliveries.payload': json('Record<string, unknown>'),
  'visits.questionnaires_answers': json('AnsweredQuestionnaire[]', 'string | undefined'),
  'visits.exit_questionnaires_answers': json('AnsweredQuestionnaire[]', 'string | undefined'),
  'visits.source': union('OWN_DEVICE', 'KIOSK', 'STAFF', 'REGISTRATION'),
  'visits.checkout_method': `${union('OWN_DEVICE', 'KIOSK', 'STAFF', 'AUTO_TIMEOUT', 'AUTO_SPECIFIC_TIME')} | null`,
  'kiosk_devices.channel': `Generated<${union('kiosk', 'ownDevice')}>`,
  'applied_mutations.type': union('checkIn', 'checkOut', 'rollCall'),
  'applied_mutations.outcome': union('applied', 'rejected', 'held'),
  'applied_mutations.review': `${union('applied', 'refused', 'discarded')} | null`,
  'applied_mutations.payload': json('unknown'),
  'roll_calls.reason': union('ALARM', 'DRILL'),
  'roll_call_marks.status': `${union('PRESENT', 'ABSENT')} | null`,
  'device_alerts.kind': union('SEQ_GAP', 'CLOCK_SKEW'),
  'account_tokens.purpose': union('RESET_PASSWORD', 'VERIFY_EMAIL'),
  'people.visitor_type': union('VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT'),
  'people.locale': `Generated<${union('en', 'fr', 'es')}>`,
  'people.host_notice': `Generated<${union('EMAIL', 'SLACK', 'TEAMS', 'SMS', 'NONE')}>`,
  'users.host_notice': `Generated<${union('EMAIL', 'SLACK', 'TEAMS', 'SMS', 'NONE')}>`,
  'mail_outbox.channel': `Generated<${union('EMAIL', 'SLACK', 'TEAMS', 'SMS')}>`,
  'mail_outbox.channel_message': `${json('HostChannelMessage')} | null`,
  // yyyy-MM-dd: the drivers answer a date as its text (db/database.ts).
  'people.valid_from': 'string | null',
  'people.valid_to': 'string | null',
  'audit_log.before': json('Record<string, unknown> | null', 'string | null'),
  'audit_log.after': json('Record<string, unknown> | null', 'string | null'),
  'floors.config': `ColumnType<FloorLayoutConfig, string | undefined, string>`,
  'floor_plans.content_type': union('image/gif', 'image/png', 'image/jpeg', 'image/bmp'),
  'spaces.kind': union('ROOM', 'DESK', 'OTHER'),
  'spaces.shape': 'ColumnType<SpaceShape | null, string | null, string | null>',
  'space_bookings.status': `Generated<${union('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')}>`,
  'space_booking_series.repeat': `Generated<${union('NONE', 'DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY')}>`,
  'space_booking_series.scheduling': `Generated<${union('NONE', 'ICS', 'GOOGLE')}>`,
  // yyyy-MM-dd: the drivers answer a date as its text (db/database.ts).
  'space_booking_series.repeat_until': 'string | null',
  'audit_log.actor_channel': `${union('OWN_DEVICE', 'KIOSK', 'AUTOMATIC')} | null`,
};

async function generated(): Promise<string> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    return await generate({
      db: database.db,
      dialect: new PostgresDialect(),
      outFile: null,
      print: false,
      // The migrator's own tables are not the application's.
      excludePattern: 'kysely_*',
      // bigint is read as a number (database.ts sets the parsers).
      typeMapping: { int8: 'number' },
      overrides: { columns },
      customImports: {
        AnsweredQuestionnaire: '@vestibule/shared',
        BuildingCheckInForms: '@vestibule/shared',
        BuildingSettings: '@vestibule/shared',
        FloorLayoutConfig: '@vestibule/shared',
        HostChannelMessage: '@vestibule/shared',
        SpaceShape: '@vestibule/shared',
        Role: '@vestibule/shared',
      },
      typeOnlyImports: true,
    });
  } finally {
    await database.close();
  }
}

// Formatted as every other file is, so the format check and the drift check agree.
const text = await format(await generated(), { ...(await resolveConfig(outFile)), filepath: outFile });
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(outFile, 'utf8');
  } catch {
    // Missing: reported below like any difference.
  }
  if (current !== text) {
    console.error(`${relative} does not match the migrations: run \`node scripts/src/dbTypes.ts\` and commit it.`);
    process.exit(1);
  }
  console.log(`${relative} matches the migrations`);
} else {
  writeFileSync(outFile, text);
  console.log(`wrote ${relative}`);
}
