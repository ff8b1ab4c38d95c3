import { type Kysely, sql } from 'kysely';

// Three building settings were saved and shown but changed nothing: the invitations always
// carried the visit's QR code and the building's logo, and the check-out through a visit's link
// always asked the exit questionnaires, whatever the switches said (off by default). The switches
// now rule; each building's stored value is set to what its e-mails and pages did until now, so
// nothing a visitor receives changes with this migration and the switches show the truth.
const inEffect = { appendQrCode: true, appendLogo: true, allowExitQuestionnairesOnEmailCheckOut: true };
const formerDefaults = { appendQrCode: false, appendLogo: false, allowExitQuestionnairesOnEmailCheckOut: false };

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update buildings set settings = settings || ${JSON.stringify(inEffect)}::jsonb
    where settings is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update buildings set settings = settings || ${JSON.stringify(formerDefaults)}::jsonb
    where settings is not null`.execute(db);
}
