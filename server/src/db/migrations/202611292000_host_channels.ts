import { type Kysely, sql } from 'kysely';

// Hosts told where they are (docs/host-notifications.md):
// - `people.host_notice`, `users.host_notice` gain SLACK, TEAMS and SMS beside EMAIL and NONE.
// - `mail_outbox` carries every host message, whatever its channel, under the same retry rules:
//   `channel`; `channel_to` (an SMS's number); `channel_message` (the texts a chat or SMS is made
//   of, in the host's language: the provider's body is made at send time, to the company's
//   addresses as they are then); `provider_status`, `provider_answer` (the provider's last answer,
//   a bounded excerpt); `fallback_of` (the e-mail sent once when a chat or SMS failed).
// - `host_channel_settings`: a company's Slack and Teams addresses and SMS provider, the addresses
//   and the token sealed (security/secretBox.ts).
const choices = sql`('EMAIL', 'SLACK', 'TEAMS', 'SMS', 'NONE')`;
const oldChoices = sql`('EMAIL', 'NONE')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['people', 'users']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_host_notice_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_host_notice_check`)}
      check (host_notice in ${choices})`.execute(db);
  }
  await sql`alter table mail_outbox
      add column channel text not null default 'EMAIL' check (channel in ('EMAIL', 'SLACK', 'TEAMS', 'SMS')),
      add column channel_to text,
      add column channel_message jsonb,
      add column provider_status integer,
      add column provider_answer text check (length(provider_answer) <= 500),
      add column fallback_of uuid`.execute(db);
  await sql`create unique index mail_outbox_fallback_of on mail_outbox (fallback_of) where fallback_of is not null`.execute(
    db,
  );
  await sql`create table host_channel_settings (
      tenant_id uuid primary key references tenants (id) on delete cascade,
      slack_url_sealed text,
      teams_url_sealed text,
      sms_endpoint_sealed text,
      sms_account text check (length(sms_account) <= 100),
      sms_token_sealed text,
      sms_from text check (length(sms_from) <= 40),
      updated_at timestamptz not null default now(),
      updated_by uuid references users (id) on delete set null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table host_channel_settings`.execute(db);
  await sql`drop index mail_outbox_fallback_of`.execute(db);
  await sql`alter table mail_outbox
      drop column channel, drop column channel_to, drop column channel_message,
      drop column provider_status, drop column provider_answer, drop column fallback_of`.execute(db);
  for (const table of ['people', 'users']) {
    await sql`update ${sql.table(table)} set host_notice = 'EMAIL' where host_notice not in ${oldChoices}`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_host_notice_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_host_notice_check`)}
      check (host_notice in ${oldChoices})`.execute(db);
  }
}
