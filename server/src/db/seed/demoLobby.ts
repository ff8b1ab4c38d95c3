import type { Db } from '../database.ts';
import { claimDemoMarker, demoHq } from './demoCommon.ts';
import { encodePng } from './png.ts';

// Demo HQ's lobby (docs/kiosk.md, "The welcome screen"): a logo and a welcome text, so a newcomer
// sees the kiosk's welcome as a customer would set it up. Written once (its own marker, so a
// database seeded before it existed gets it too).

const MARKER = 'demo_lobby_seeded';
const SIZE = 240;
/** Samples per pixel side: the edges are smoothed by coverage. */
const SAMPLES = 4;

export const DEMO_WELCOME_TEXT = 'Please check in below. Your host is told at once and meets you at the front desk.';

type Rgba = [number, number, number, number];

/** The colour of one point of the mark: a doorway, its door open, in a rounded blue square. */
function markAt(x: number, y: number): Rgba | null {
  const radius = 52;
  const cx = Math.min(Math.max(x, radius), SIZE - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return null;
  const knob = (x - 104) ** 2 + (y - 158) ** 2 <= 36;
  if (knob) return [30, 58, 138, 255];
  // The door leaf, open towards the visitor on its left hinge.
  const leafTop = 96 + ((x - 78) * 14) / 34;
  const leafBottom = 198 + ((x - 78) * 8) / 34;
  if (x >= 78 && x <= 112 && y >= leafTop && y <= leafBottom) return [191, 219, 254, 255];
  const inArch = (x - 120) ** 2 + (y - 104) ** 2 <= 42 ** 2 && y <= 104;
  const inDoorway = x >= 78 && x <= 162 && y >= 104 && y <= 198;
  const step = x >= 58 && x <= 182 && y >= 198 && y <= 210;
  if (inArch || inDoorway || step) return [255, 255, 255, 255];
  // The square: a blue that deepens towards the bottom.
  const t = y / SIZE;
  return [Math.round(37 - 12 * t), Math.round(99 - 40 * t), Math.round(235 - 70 * t), 255];
}

/** Demo HQ's logo: a PNG of the mark, its edges smoothed. */
export function demoLogoPng(): Buffer {
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = markAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
          if (!colour) continue;
          // The colour averages the covered samples; the opacity is the share covered.
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (colour[c] ?? 0);
          sum[3] = (sum[3] ?? 0) + 255;
        }
      }
      const covered = (sum[3] ?? 0) / 255;
      const i = (py * SIZE + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((sum[c] ?? 0) / covered);
      pixels[i + 3] = Math.round((sum[3] ?? 0) / (SAMPLES * SAMPLES));
    }
  }
  return encodePng(SIZE, SIZE, pixels);
}

/** Writes Demo HQ's logo and welcome text once; answers whether it wrote. */
export async function seedDemoLobby(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const building = await demoHq(trx);
    if (!building || !(await claimDemoMarker(trx, MARKER, now.toISOString()))) return false;
    const row = await trx
      .selectFrom('buildings')
      .select(['settings', 'check_in_logo_version'])
      .where('id', '=', building.id)
      .executeTakeFirstOrThrow();
    const version = row.check_in_logo_version + 1;
    await trx
      .updateTable('buildings')
      .set({
        settings: JSON.stringify({ ...(row.settings ?? {}), kioskWelcomeText: DEMO_WELCOME_TEXT }),
        check_in_logo_version: version,
      })
      .where('id', '=', building.id)
      .execute();
    await trx
      .insertInto('building_logos')
      .values({
        building_id: building.id,
        file_name: 'demo-hq-logo.png',
        content_type: 'image/png',
        content: demoLogoPng(),
        version,
      })
      .onConflict((oc) => oc.column('building_id').doNothing())
      .execute();
    return true;
  });
}

const BADGES_MARKER = 'demo_badges_seeded';

/**
 * Demo HQ's kiosk offers visitors and contractors their badge (docs/badges.md, "When it prints"):
 * "Print my badge" on the outcome screen, the default layout on a 62 × 100 mm label. Asked
 * rather than printed at once, so a newcomer's browser opens its print dialog only when they
 * tap. Written once (its own marker, for a database seeded before badges existed).
 */
export async function seedDemoBadges(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const building = await demoHq(trx);
    if (!building || !(await claimDemoMarker(trx, BADGES_MARKER, now.toISOString()))) return false;
    const row = await trx
      .selectFrom('buildings')
      .select('settings')
      .where('id', '=', building.id)
      .executeTakeFirstOrThrow();
    const badgePrint = { VISITOR: 'ASK', CONTRACTOR: 'ASK' };
    await trx
      .updateTable('buildings')
      .set({ settings: JSON.stringify({ ...(row.settings ?? {}), badgePrint }) })
      .where('id', '=', building.id)
      .execute();
    return true;
  });
}
