import { type Kysely, sql } from 'kysely';

// The sign-in counters keep each username only as its SHA-256 (hex): a password typed into the
// username field of a failed sign-in is never kept as typed (docs/roles.md, "Sign-in"). Keys
// written before are hashed in place, the same function the server applies to new ones.
const tables = ['login_failures', 'login_blocks', 'login_known_addresses'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await sql`update ${sql.table(table)} set username_key = encode(sha256(convert_to(username_key, 'UTF8')), 'hex')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // A hash cannot be undone: the counters start again (failures and blocks are minutes long), and
  // the addresses where users signed in are learnt again at their next sign-in.
  for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(db);
}
