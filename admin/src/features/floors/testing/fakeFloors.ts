import {
  type Floor,
  type Space,
  type SpaceApprover,
  type SpaceShape,
  floorSchema,
  spaceKindColors,
  spaceSchema,
  spaceShapeSchema,
} from '@vestibule/shared';
import { answerCalls, json, refusal } from '../../../test/answerCalls.ts';
import { HQ } from '../../../test/fixtures.ts';

// The floors and spaces calls answered like the server contract (every fixture parsed by the
// shared schemas), over a small store a test starts with and reads back.

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
};
const moment = '2026-03-01T09:00:00.000Z';
const idOf = (params: Record<string, string>) => params.id ?? '';

export const planImage = {
  url: '/service/public/floor/plan/abcdefghijklmnop',
  width: 1000,
  height: 500,
  contentType: 'image/png' as const,
  bytes: 120_000,
  uploadedAt: moment,
};

export function floorFixture(changes: Partial<Floor> = {}): Floor {
  return floorSchema.parse({
    id: nextId(),
    buildingId: HQ.id,
    buildingName: HQ.name,
    name: 'Level 1',
    level: 1,
    image: null,
    config: { gridStep: 0.01, snap: true, showNames: true },
    spaceCount: 0,
    createdAt: moment,
    updatedAt: moment,
    ...changes,
  });
}

export function spaceFixture(floor: Floor, name: string, changes: Partial<Space> = {}): Space {
  const kind = changes.kind ?? 'DESK';
  return spaceSchema.parse({
    id: nextId(),
    floorId: floor.id,
    floorName: floor.name,
    buildingId: floor.buildingId,
    buildingName: floor.buildingName,
    name,
    kind,
    capacity: null,
    color: spaceKindColors[kind],
    public: true,
    available: true,
    description: null,
    approver1: null,
    approver2: null,
    shape: null,
    futureBookings: 0,
    createdAt: moment,
    updatedAt: moment,
    ...changes,
  });
}

export const rect = (x: number, y: number, width = 0.04, height = 0.08): SpaceShape => ({
  kind: 'rect',
  x,
  y,
  width,
  height,
});

export const approverFixtures: SpaceApprover[] = [
  { id: '0190a8f2-0000-7000-8000-00000000a001', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: '0190a8f2-0000-7000-8000-00000000a002', name: 'Grace Hopper', email: null },
];

/** The fake server's store: floors and spaces; a refusal of the next plan upload, if any. */
export function fakeFloors(start: { floors: Floor[]; spaces?: Space[] }) {
  const store = { floors: [...start.floors], spaces: [...(start.spaces ?? [])] };
  const withCount = (floor: Floor): Floor => ({
    ...floor,
    spaceCount: store.spaces.filter((space) => space.floorId === floor.id).length,
  });
  const floorOf = (id: string) => store.floors.find((floor) => floor.id === id);
  const updateSpace = (id: string, change: Partial<Space>) => {
    store.spaces = store.spaces.map((space) => (space.id === id ? { ...space, ...change } : space));
    return store.spaces.find((space) => space.id === id)!;
  };
  const approver = (id: string | null | undefined) =>
    id === undefined ? undefined : (approverFixtures.find((candidate) => candidate.id === id) ?? null);
  const calls = answerCalls({
    'GET /floor': ({ query }) => {
      const docs = store.floors.filter((floor) => floor.buildingId === query.buildingId).map(withCount);
      return { docs, totalDocs: docs.length };
    },
    'POST /floor': ({ body }) => {
      const floor = floorFixture({ name: body.name, level: body.level ?? null, buildingId: body.buildingId });
      store.floors = [...store.floors, floor];
      return floor;
    },
    'PATCH /floor/:id': ({ params, body }) => {
      if (store.floors.some((floor) => floor.id !== idOf(params) && floor.name === body.name)) {
        return refusal(409, 'FLOOR_NAME_EXISTS');
      }
      store.floors = store.floors.map((floor) => (floor.id === idOf(params) ? { ...floor, ...body } : floor));
      return withCount(floorOf(idOf(params))!);
    },
    'DELETE /floor/:id': ({ params, query }) => {
      const bookings = store.spaces
        .filter((space) => space.floorId === idOf(params))
        .reduce((sum, space) => sum + space.futureBookings, 0);
      if (bookings > 0 && query.cancelBookings !== 'true') {
        return json(409, { errorCode: 'FLOOR_HAS_FUTURE_BOOKINGS', msg: 'bookings', params: { count: bookings } });
      }
      const deletedSpaces = store.spaces.filter((space) => space.floorId === idOf(params)).length;
      store.floors = store.floors.filter((floor) => floor.id !== idOf(params));
      store.spaces = store.spaces.filter((space) => space.floorId !== idOf(params));
      return { id: idOf(params), deletedSpaces, cancelledBookings: bookings };
    },
    'PATCH /floor/:id/layoutImage': ({ params }) => {
      store.floors = store.floors.map((floor) => (floor.id === idOf(params) ? { ...floor, image: planImage } : floor));
      return withCount(floorOf(idOf(params))!);
    },
    'DELETE /floor/:id/layoutImage': ({ params }) => {
      store.floors = store.floors.map((floor) => (floor.id === idOf(params) ? { ...floor, image: null } : floor));
      return withCount(floorOf(idOf(params))!);
    },
    'PATCH /floor/:id/layoutConfig': ({ params, body }) => {
      store.floors = store.floors.map((floor) =>
        floor.id === idOf(params) ? { ...floor, config: { ...floor.config, ...body } } : floor,
      );
      return withCount(floorOf(idOf(params))!);
    },
    'GET /floor/:id/layout': ({ params }) => {
      const floor = floorOf(idOf(params));
      if (!floor) return refusal(404, 'NOT_FOUND');
      return { floor: withCount(floor), spaces: store.spaces.filter((space) => space.floorId === floor.id) };
    },
    'GET /space/byFloorId/:id': ({ params }) => store.spaces.filter((space) => space.floorId === idOf(params)),
    'GET /space/approvers/:id': () => approverFixtures,
    'POST /space': ({ body }) => {
      const floor = floorOf(body.floorId)!;
      if (store.spaces.some((space) => space.floorId === floor.id && space.name === body.name)) {
        return refusal(409, 'SPACE_NAME_EXISTS');
      }
      const space = spaceFixture(floor, body.name, {
        kind: body.kind ?? 'ROOM',
        capacity: body.capacity ?? null,
        color: body.color ?? spaceKindColors[body.kind ?? 'ROOM'],
        public: body.public ?? true,
        available: body.available ?? true,
        description: body.description ?? null,
        approver1: approver(body.approver1Id) ?? null,
        approver2: approver(body.approver2Id) ?? null,
        shape: spaceShapeSchema.nullable().parse(body.shape ?? null),
      });
      store.spaces = [...store.spaces, space];
      return space;
    },
    'PATCH /space/:id': ({ params, body }) => {
      const { approver1Id, approver2Id, ...rest } = body;
      const change: Partial<Space> = { ...(rest as Partial<Space>) };
      if (approver1Id !== undefined) change.approver1 = approver(approver1Id) ?? null;
      if (approver2Id !== undefined) change.approver2 = approver(approver2Id) ?? null;
      return updateSpace(idOf(params), change);
    },
    'DELETE /space/:id': ({ params, query }) => {
      const space = store.spaces.find((candidate) => candidate.id === idOf(params))!;
      if (space.futureBookings > 0 && query.cancelBookings !== 'true') {
        return json(409, {
          errorCode: 'SPACE_HAS_FUTURE_BOOKINGS',
          msg: 'bookings',
          params: { count: space.futureBookings },
        });
      }
      store.spaces = store.spaces.filter((candidate) => candidate.id !== idOf(params));
      return { id: idOf(params), cancelledBookings: space.futureBookings };
    },
  });
  return { calls, store };
}
