import { type Kysely, sql } from 'kysely';

// A company's webhooks (docs/webhooks.md): endpoints that other systems give, each subscribed to
// events, and the outbox of deliveries. A delivery is written in the transaction of the change it
// tells (no event without its change, no change without its event), then sent, signed, retried
// with a growing wait for a day, and marked failed after that. Each attempt is kept for the
// delivery log. The signing secret is stored encrypted (`secret`, AES-256-GCM), never in clear.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table webhook_endpoints (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      url text not null check (length(url) between 1 and 500),
      description text not null default '' check (length(description) <= 200),
      events text[] not null check (cardinality(events) > 0),
      secret text not null,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      created_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_tenant on webhook_endpoints (tenant_id)`.execute(db);
  await sql`create table webhook_deliveries (
      id uuid primary key,
      event_id uuid not null,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      tenant_id uuid not null references tenants (id) on delete cascade,
      event text not null,
      object_type text not null,
      object_id uuid not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      status text not null default 'PENDING' check (status in ('PENDING','DELIVERED','FAILED')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_status_code integer,
      last_error text,
      delivered_at timestamptz
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_object on webhook_deliveries (endpoint_id, object_id, created_at, id)`.execute(
    db,
  );
  await sql`create index webhook_deliveries_log on webhook_deliveries (tenant_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create table webhook_attempts (
      id uuid primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      at timestamptz not null default now(),
      status_code integer,
      error text,
      duration_ms integer not null
    )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
}
