// The geometry of a floor plan (docs/floors-and-spaces.md, "Shapes on the plan"). A space's shape
// is kept relative to the plan image: x from 0 (left edge) to 1 (right edge), y from 0 (top) to 1
// (bottom). A new image of another resolution keeps every space in its place, and the same shape
// is drawn at any zoom or print size by multiplying by the drawn size.

export interface PlanPoint {
  x: number;
  y: number;
}

/** An axis-aligned rectangle: its top-left corner and its size. */
export interface RectShape {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A polygon: its corners in drawing order (closed implicitly). */
export interface PolygonShape {
  kind: 'polygon';
  points: PlanPoint[];
}

export type SpaceShape = RectShape | PolygonShape;

export interface PlanSize {
  width: number;
  height: number;
}

export interface PlanBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A polygon has at least 3 corners and at most this many. */
export const POLYGON_POINTS_MIN = 3;
export const POLYGON_POINTS_MAX = 64;
/** The smallest side of a shape, relative to the plan (half a percent). */
export const SHAPE_SIDE_MIN = 0.005;
/** The grid's step choices, relative to the plan's width (0.5% to 5%). */
export const gridSteps = [0.005, 0.01, 0.02, 0.05] as const;
export const GRID_STEP_DEFAULT = 0.01;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The corners of a shape, in drawing order. */
export function shapePoints(shape: SpaceShape): PlanPoint[] {
  if (shape.kind === 'polygon') return shape.points;
  const { x, y, width, height } = shape;
  return [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
}

/** The smallest rectangle holding the shape. */
export function shapeBounds(shape: SpaceShape): PlanBounds {
  if (shape.kind === 'rect') return { x: shape.x, y: shape.y, width: shape.width, height: shape.height };
  const xs = shape.points.map((point) => point.x);
  const ys = shape.points.map((point) => point.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Where a label goes: the middle of the shape's bounds. */
export function shapeCentre(shape: SpaceShape): PlanPoint {
  const bounds = shapeBounds(shape);
  return { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
}

/** Whether a point is inside the shape (its edge counts as inside). */
export function pointInShape(shape: SpaceShape, point: PlanPoint): boolean {
  if (shape.kind === 'rect') {
    return (
      point.x >= shape.x && point.x <= shape.x + shape.width && point.y >= shape.y && point.y <= shape.y + shape.height
    );
  }
  const points = shape.points;
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (onSegment(a, b, point)) return true;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

const EPSILON = 1e-12;
const cross = (o: PlanPoint, a: PlanPoint, b: PlanPoint) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function onSegment(a: PlanPoint, b: PlanPoint, p: PlanPoint): boolean {
  return (
    Math.abs(cross(a, b, p)) <= EPSILON &&
    p.x >= Math.min(a.x, b.x) - EPSILON &&
    p.x <= Math.max(a.x, b.x) + EPSILON &&
    p.y >= Math.min(a.y, b.y) - EPSILON &&
    p.y <= Math.max(a.y, b.y) + EPSILON
  );
}

/** Whether two segments cross at a point inside both (touching at an end does not count). */
function segmentsCross(a: PlanPoint, b: PlanPoint, c: PlanPoint, d: PlanPoint): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return (
    ((d1 > EPSILON && d2 < -EPSILON) || (d1 < -EPSILON && d2 > EPSILON)) &&
    ((d3 > EPSILON && d4 < -EPSILON) || (d3 < -EPSILON && d4 > EPSILON))
  );
}

function strictlyInside(shape: SpaceShape, point: PlanPoint): boolean {
  if (!pointInShape(shape, point)) return false;
  const points = shapePoints(shape);
  return !points.some((a, i) => onSegment(a, points[(i + 1) % points.length]!, point));
}

/**
 * Whether two shapes overlap: they share some area. Shapes that only touch (side by side desks
 * sharing an edge) do not overlap.
 */
export function shapesOverlap(a: SpaceShape, b: SpaceShape): boolean {
  const boundsA = shapeBounds(a);
  const boundsB = shapeBounds(b);
  if (
    boundsA.x >= boundsB.x + boundsB.width - EPSILON ||
    boundsB.x >= boundsA.x + boundsA.width - EPSILON ||
    boundsA.y >= boundsB.y + boundsB.height - EPSILON ||
    boundsB.y >= boundsA.y + boundsA.height - EPSILON
  ) {
    return false;
  }
  if (a.kind === 'rect' && b.kind === 'rect') return true;
  const pa = shapePoints(a);
  const pb = shapePoints(b);
  for (let i = 0; i < pa.length; i++) {
    for (let j = 0; j < pb.length; j++) {
      if (segmentsCross(pa[i]!, pa[(i + 1) % pa.length]!, pb[j]!, pb[(j + 1) % pb.length]!)) return true;
    }
  }
  // No edges cross: one holds the other, or they are apart (or only touch).
  return (
    pa.some((point) => strictlyInside(b, point)) ||
    pb.some((point) => strictlyInside(a, point)) ||
    strictlyInside(b, shapeCentre(a)) ||
    strictlyInside(a, shapeCentre(b))
  );
}

/** The shape in pixels of a plan drawn at `size` (image pixels, or a zoomed drawing). */
export function shapeToPixels(shape: SpaceShape, size: PlanSize): SpaceShape {
  if (shape.kind === 'rect') {
    return {
      kind: 'rect',
      x: shape.x * size.width,
      y: shape.y * size.height,
      width: shape.width * size.width,
      height: shape.height * size.height,
    };
  }
  return { kind: 'polygon', points: shape.points.map((p) => ({ x: p.x * size.width, y: p.y * size.height })) };
}

/** A point in pixels of a plan drawn at `size`, back to the plan's relative units (kept inside it). */
export function pointFromPixels(point: PlanPoint, size: PlanSize): PlanPoint {
  return { x: clamp01(point.x / size.width), y: clamp01(point.y / size.height) };
}

/** A value on the grid: the nearest multiple of the step. */
export function snapToGrid(value: number, step: number): number {
  if (step <= 0) return value;
  return Math.round(Math.round(value / step) * step * 1e6) / 1e6;
}

/** The shape moved by (dx, dy), stopped at the plan's edges (it keeps its size). */
export function moveShape(shape: SpaceShape, dx: number, dy: number): SpaceShape {
  const bounds = shapeBounds(shape);
  const mx = Math.min(1 - (bounds.x + bounds.width), Math.max(-bounds.x, dx));
  const my = Math.min(1 - (bounds.y + bounds.height), Math.max(-bounds.y, dy));
  if (shape.kind === 'rect') return { ...shape, x: shape.x + mx, y: shape.y + my };
  return { kind: 'polygon', points: shape.points.map((p) => ({ x: p.x + mx, y: p.y + my })) };
}

/** A rectangle from two opposite corners (in any order), kept inside the plan. */
export function rectFromCorners(a: PlanPoint, b: PlanPoint): RectShape {
  const x1 = clamp01(Math.min(a.x, b.x));
  const y1 = clamp01(Math.min(a.y, b.y));
  const x2 = clamp01(Math.max(a.x, b.x));
  const y2 = clamp01(Math.max(a.y, b.y));
  return { kind: 'rect', x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * The shape scaled so that its bounds become `bounds` (a resize handle dragged): a rectangle
 * becomes that rectangle, a polygon's corners keep their places relative to its bounds.
 */
export function resizeShape(shape: SpaceShape, bounds: PlanBounds): SpaceShape {
  const width = Math.max(SHAPE_SIDE_MIN, bounds.width);
  const height = Math.max(SHAPE_SIDE_MIN, bounds.height);
  if (shape.kind === 'rect') return { kind: 'rect', x: bounds.x, y: bounds.y, width, height };
  const from = shapeBounds(shape);
  const sx = from.width === 0 ? 1 : width / from.width;
  const sy = from.height === 0 ? 1 : height / from.height;
  return {
    kind: 'polygon',
    points: shape.points.map((p) => ({
      x: clamp01(bounds.x + (p.x - from.x) * sx),
      y: clamp01(bounds.y + (p.y - from.y) * sy),
    })),
  };
}

/**
 * The copy of a shape placed next to it (a row of desks laid out quickly): to its right with the
 * same gap as `gap`, or below it when there is no room left on the right.
 */
export function duplicateShape(shape: SpaceShape, gap = 0): SpaceShape {
  const bounds = shapeBounds(shape);
  if (bounds.x + 2 * bounds.width + gap <= 1) return moveShape(shape, bounds.width + gap, 0);
  return moveShape(shape, 0, bounds.height + gap);
}

/**
 * Whether a shape is whole: its corners inside the plan, big enough, a polygon of 3 to 64 corners
 * enclosing some area with no edges crossing.
 */
export function isValidShape(shape: SpaceShape): boolean {
  const inside = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;
  if (shape.kind === 'rect') {
    return (
      inside(shape.x) &&
      inside(shape.y) &&
      shape.width >= SHAPE_SIDE_MIN &&
      shape.height >= SHAPE_SIDE_MIN &&
      shape.x + shape.width <= 1 + EPSILON &&
      shape.y + shape.height <= 1 + EPSILON
    );
  }
  if (shape.points.length < POLYGON_POINTS_MIN || shape.points.length > POLYGON_POINTS_MAX) return false;
  if (!shape.points.every((p) => inside(p.x) && inside(p.y))) return false;
  const bounds = shapeBounds(shape);
  if (bounds.width < SHAPE_SIDE_MIN || bounds.height < SHAPE_SIDE_MIN) return false;
  // Corners in one line cover no floor; edges that cross (a bow tie) do not say which side is in.
  return polygonArea(shape.points) >= SHAPE_SIDE_MIN * SHAPE_SIDE_MIN && !selfCrossing(shape.points);
}

/** The area a polygon's corners enclose (the shoelace formula), whatever their order. */
export function polygonArea(points: readonly PlanPoint[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** Whether two edges of a polygon that share no corner cross each other. */
function selfCrossing(points: readonly PlanPoint[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(points[i]!, points[(i + 1) % n]!, points[j]!, points[(j + 1) % n]!)) return true;
    }
  }
  return false;
}
