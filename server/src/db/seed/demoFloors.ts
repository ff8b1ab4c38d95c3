import { type SpaceKind, type SpaceShape, spaceKindColors, uuidv7 } from '@vestibule/shared';
import type { Db } from '../database.ts';
import { claimDemoMarker, demoHq } from './demoCommon.ts';
import { encodePng } from './png.ts';

// Demo HQ's floors (docs/floors-and-spaces.md): "Ground floor" and "First floor", each with a
// plan drawn here (walls, rooms, desks; the same pixels on every start) and thirty spaces in all:
// meeting rooms (rectangles, and the atrium as a polygon), rows of desks, and the executive
// suite, whose bookings Morgan Master and Sam Supervisor approve. Written once, with its marker.

const MARKER = 'demo_floors_seeded';
const WIDTH = 1600;
const HEIGHT = 1000;

type Rgb = readonly [number, number, number];
const paper: Rgb = [250, 250, 246];
const wall: Rgb = [55, 71, 79];
const furniture: Rgb = [207, 216, 220];
const floorTint: Rgb = [236, 239, 241];

/** A canvas of RGBA pixels with the few strokes a plan needs. */
class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 4);

  constructor() {
    this.fill(0, 0, WIDTH, HEIGHT, paper);
  }

  fill(x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(HEIGHT, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(WIDTH, Math.round(x1)); x++) {
        const i = (y * WIDTH + x) * 4;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
        this.pixels[i + 3] = 255;
      }
  }

  /** A wall from one point to another, `thickness` pixels wide (any angle). */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, colour: Rgb = wall) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    const half = thickness / 2;
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      this.fill(x - half, y - half, x + half, y + half, colour);
    }
  }

  /** A room's outline, with a door left open on its bottom side when `door` is given. */
  room(x0: number, y0: number, x1: number, y1: number, door?: number) {
    this.fill(x0, y0, x1, y1, floorTint);
    this.line(x0, y0, x1, y0, 4);
    this.line(x0, y0, x0, y1, 4);
    this.line(x1, y0, x1, y1, 4);
    if (door === undefined) this.line(x0, y1, x1, y1, 4);
    else {
      this.line(x0, y1, door - 30, y1, 4);
      this.line(door + 30, y1, x1, y1, 4);
    }
  }

  png(): Buffer {
    return encodePng(WIDTH, HEIGHT, this.pixels);
  }
}

interface DemoSpace {
  name: string;
  kind: SpaceKind;
  capacity: number | null;
  shape: SpaceShape;
  description?: string;
  approvers?: boolean;
}

const rel = (value: number, of: number) => Math.round((value / of) * 10_000) / 10_000;
const rectOf = (x0: number, y0: number, x1: number, y1: number): SpaceShape => ({
  kind: 'rect',
  x: rel(x0, WIDTH),
  y: rel(y0, HEIGHT),
  width: rel(x1 - x0, WIDTH),
  height: rel(y1 - y0, HEIGHT),
});

/** A row of desks drawn on the plan and listed as spaces: `count` desks of 80 × 50 pixels. */
function deskRow(canvas: Canvas, prefix: string, first: number, count: number, x: number, y: number): DemoSpace[] {
  return Array.from({ length: count }, (_, i) => {
    const left = x + i * 96;
    canvas.fill(left + 6, y + 6, left + 74, y + 44, furniture);
    return {
      name: `${prefix}-${String(first + i).padStart(2, '0')}`,
      kind: 'DESK' as const,
      capacity: 1,
      shape: rectOf(left, y, left + 80, y + 50),
    };
  });
}

function outerWalls(canvas: Canvas) {
  canvas.line(40, 40, 1560, 40, 10);
  canvas.line(40, 960, 1560, 960, 10);
  canvas.line(40, 40, 40, 960, 10);
  canvas.line(1560, 40, 1560, 960, 10);
}

/** The ground floor: the lobby, four meeting rooms along the north wall, the atrium, two rows of desks. */
function groundFloor(): { plan: Buffer; spaces: DemoSpace[] } {
  const canvas = new Canvas();
  outerWalls(canvas);
  const rooms: [string, number, number, number][] = [
    ['Boardroom', 500, 765, 14],
    ['Huddle 1', 765, 1030, 4],
    ['Huddle 2', 1030, 1295, 4],
    ['Training room', 1295, 1560, 20],
  ];
  const spaces: DemoSpace[] = rooms.map(([name, x0, x1, capacity]) => {
    canvas.room(x0, 40, x1, 340, (x0 + x1) / 2);
    canvas.fill(x0 + 40, 120, x1 - 40, 260, furniture);
    return { name, kind: 'ROOM', capacity, shape: rectOf(x0, 40, x1, 340) };
  });
  // The lobby and its desk; the atrium's glass wall runs at an angle.
  canvas.line(500, 340, 500, 560, 4);
  canvas.fill(160, 200, 380, 260, furniture);
  canvas.line(40, 600, 500, 700, 6);
  canvas.line(500, 700, 500, 960, 4);
  spaces.push({
    name: 'Atrium',
    kind: 'ROOM',
    capacity: 40,
    description: 'Town halls and receptions, under the glass roof',
    shape: {
      kind: 'polygon',
      points: [
        { x: rel(40, WIDTH), y: rel(600, HEIGHT) },
        { x: rel(500, WIDTH), y: rel(700, HEIGHT) },
        { x: rel(500, WIDTH), y: rel(960, HEIGHT) },
        { x: rel(40, WIDTH), y: rel(960, HEIGHT) },
      ],
    },
  });
  spaces.push(...deskRow(canvas, 'G', 1, 6, 640, 480), ...deskRow(canvas, 'G', 7, 6, 640, 640));
  return { plan: canvas.png(), spaces };
}

/** The first floor: the executive suite (with approvers), two rooms, a kitchen, two rows of desks. */
function firstFloor(): { plan: Buffer; spaces: DemoSpace[] } {
  const canvas = new Canvas();
  outerWalls(canvas);
  const rooms: [string, number, number, number, boolean][] = [
    ['Executive suite', 40, 460, 8, true],
    ['Focus room', 460, 700, 2, false],
    ['Project room', 700, 1040, 8, false],
  ];
  const spaces: DemoSpace[] = rooms.map(([name, x0, x1, capacity, approvers]) => {
    canvas.room(x0, 40, x1, 360, (x0 + x1) / 2);
    canvas.fill(x0 + 50, 140, x1 - 50, 260, furniture);
    return {
      name,
      kind: 'ROOM',
      capacity,
      shape: rectOf(x0, 40, x1, 360),
      ...(approvers ? { approvers, description: 'Booked for the leadership team: bookings need approval' } : {}),
    };
  });
  // The kitchen (not bookable, drawn only).
  canvas.room(1240, 40, 1560, 360, 1400);
  canvas.fill(1280, 80, 1520, 130, furniture);
  spaces.push(...deskRow(canvas, 'F', 1, 5, 300, 520), ...deskRow(canvas, 'F', 6, 5, 300, 700));
  return { plan: canvas.png(), spaces };
}

/** The demo users who approve the executive suite's bookings, when they qualify (docs/floors-and-spaces.md). */
async function demoApprovers(db: Db, tenantId: string, buildingId: string): Promise<[string | null, string | null]> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('username', 'in', ['master', 'supervisor'])
    .execute();
  const assigned = await db
    .selectFrom('user_buildings')
    .select('user_id')
    .where('building_id', '=', buildingId)
    .execute();
  const qualifies = (user: { id: string; role: string }) =>
    user.role === 'ROLE_ADMIN' ||
    user.role === 'ROLE_MASTER' ||
    (['ROLE_SUPERVISOR', 'ROLE_USER', 'ROLE_SPACE'].includes(user.role) && assigned.some((a) => a.user_id === user.id));
  const pick = (username: string) => users.find((user) => user.username === username && qualifies(user))?.id ?? null;
  return [pick('master'), pick('supervisor')];
}

/** Writes Demo HQ's floors once; answers whether it wrote (nothing when Demo HQ is gone). */
export async function seedDemoFloors(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const building = await demoHq(trx);
    if (!building || !(await claimDemoMarker(trx, MARKER, now.toISOString()))) return false;
    const [approver1, approver2] = await demoApprovers(trx, building.tenantId, building.id);
    const floors = [
      { name: 'Ground floor', level: 0, ...groundFloor() },
      { name: 'First floor', level: 1, ...firstFloor() },
    ];
    for (const floor of floors) {
      const floorId = uuidv7();
      await trx
        .insertInto('floors')
        .values({
          id: floorId,
          tenant_id: building.tenantId,
          building_id: building.id,
          name: floor.name,
          level: floor.level,
        })
        .execute();
      await trx
        .insertInto('floor_plans')
        .values({
          floor_id: floorId,
          // A fixed key per floor is enough for the demo: it still changes with the next upload.
          key: `demo-${floorId.replace(/-/g, '')}`,
          content: floor.plan,
          content_type: 'image/png',
          width: WIDTH,
          height: HEIGHT,
          bytes: floor.plan.length,
        })
        .execute();
      await trx
        .insertInto('spaces')
        .values(
          floor.spaces.map((space) => ({
            id: uuidv7(),
            tenant_id: building.tenantId,
            floor_id: floorId,
            name: space.name,
            kind: space.kind,
            capacity: space.capacity,
            color: spaceKindColors[space.kind],
            description: space.description ?? null,
            approver1_id: space.approvers ? approver1 : null,
            approver2_id: space.approvers ? approver2 : null,
            shape: JSON.stringify(space.shape),
          })),
        )
        .execute();
    }
    return true;
  });
}
