import { describe, expect, it } from 'vitest';
import {
  type PolygonShape,
  type RectShape,
  SHAPE_SIDE_MIN,
  duplicateShape,
  isValidShape,
  moveShape,
  pointFromPixels,
  pointInShape,
  polygonArea,
  rectFromCorners,
  resizeShape,
  shapeBounds,
  shapeToPixels,
  shapesOverlap,
  snapToGrid,
} from './floorPlan.ts';

const rect = (x: number, y: number, width: number, height: number): RectShape => ({
  kind: 'rect',
  x,
  y,
  width,
  height,
});
const polygon = (...points: [number, number][]): PolygonShape => ({
  kind: 'polygon',
  points: points.map(([x, y]) => ({ x, y })),
});
/** Rounds every number of a shape, so sums of fractions compare exactly. */
const rounded = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v));

describe('pointInShape', () => {
  it('holds the inside and the edges of a rectangle, not what is outside', () => {
    const room = rect(0.2, 0.2, 0.4, 0.2);
    expect(pointInShape(room, { x: 0.3, y: 0.3 })).toBe(true);
    expect(pointInShape(room, { x: 0.2, y: 0.2 })).toBe(true);
    expect(pointInShape(room, { x: 0.6, y: 0.4 })).toBe(true);
    expect(pointInShape(room, { x: 0.61, y: 0.3 })).toBe(false);
    expect(pointInShape(room, { x: 0.3, y: 0.19 })).toBe(false);
  });

  it('holds the inside and the edges of a concave polygon, not its notch', () => {
    // An L: the square 0..0.4 without its top-right quarter.
    const ell = polygon([0, 0], [0.2, 0], [0.2, 0.2], [0.4, 0.2], [0.4, 0.4], [0, 0.4]);
    expect(pointInShape(ell, { x: 0.1, y: 0.1 })).toBe(true);
    expect(pointInShape(ell, { x: 0.3, y: 0.3 })).toBe(true);
    expect(pointInShape(ell, { x: 0.3, y: 0.1 })).toBe(false);
    expect(pointInShape(ell, { x: 0.2, y: 0.1 })).toBe(true);
    expect(pointInShape(ell, { x: 0.4, y: 0.4 })).toBe(true);
  });
});

describe('shapesOverlap', () => {
  it('finds rectangles that share some area', () => {
    expect(shapesOverlap(rect(0.1, 0.1, 0.2, 0.2), rect(0.2, 0.2, 0.2, 0.2))).toBe(true);
    expect(shapesOverlap(rect(0.1, 0.1, 0.2, 0.2), rect(0.5, 0.5, 0.1, 0.1))).toBe(false);
  });

  it('does not count desks side by side, sharing an edge or a corner', () => {
    expect(shapesOverlap(rect(0.1, 0.1, 0.1, 0.1), rect(0.2, 0.1, 0.1, 0.1))).toBe(false);
    expect(shapesOverlap(rect(0.1, 0.1, 0.1, 0.1), rect(0.1, 0.2, 0.1, 0.1))).toBe(false);
    expect(shapesOverlap(rect(0.1, 0.1, 0.1, 0.1), rect(0.2, 0.2, 0.1, 0.1))).toBe(false);
    expect(shapesOverlap(polygon([0.1, 0.1], [0.2, 0.1], [0.2, 0.2]), rect(0.2, 0.1, 0.1, 0.1))).toBe(false);
  });

  it('finds a polygon inside a rectangle, and a rectangle inside a polygon (no edges cross)', () => {
    const hall = rect(0.1, 0.1, 0.6, 0.6);
    const booth = polygon([0.3, 0.3], [0.4, 0.3], [0.35, 0.4]);
    expect(shapesOverlap(hall, booth)).toBe(true);
    expect(shapesOverlap(booth, hall)).toBe(true);
    const big = polygon([0, 0], [0.9, 0], [0.9, 0.9], [0, 0.9]);
    expect(shapesOverlap(big, rect(0.4, 0.4, 0.05, 0.05))).toBe(true);
  });

  it('finds polygons whose edges cross, and not polygons apart whose bounds meet', () => {
    expect(
      shapesOverlap(polygon([0.1, 0.1], [0.3, 0.1], [0.2, 0.3]), polygon([0.1, 0.2], [0.3, 0.2], [0.2, 0.05])),
    ).toBe(true);
    // Two triangles in one square, each on its own side of the diagonal.
    expect(shapesOverlap(polygon([0, 0], [0.2, 0], [0, 0.2]), polygon([0.2, 0.01], [0.2, 0.2], [0.01, 0.2]))).toBe(
      false,
    );
  });
});

describe('shapes relative to the plan', () => {
  it('scale with the image: the same shape covers the same part of a plan of any resolution', () => {
    const desk = rect(0.25, 0.5, 0.125, 0.1);
    expect(shapeToPixels(desk, { width: 1600, height: 1000 })).toEqual(rect(400, 500, 200, 100));
    expect(shapeToPixels(desk, { width: 800, height: 500 })).toEqual(rect(200, 250, 100, 50));
    const room = polygon([0.5, 0.25], [0.75, 0.5], [0.5, 0.75]);
    expect(shapeToPixels(room, { width: 400, height: 200 })).toEqual(polygon([200, 50], [300, 100], [200, 150]));
  });

  it('read a pixel back as the same relative point, at any zoom, kept inside the plan', () => {
    expect(pointFromPixels({ x: 400, y: 500 }, { width: 1600, height: 1000 })).toEqual({ x: 0.25, y: 0.5 });
    expect(pointFromPixels({ x: 800, y: 1000 }, { width: 3200, height: 2000 })).toEqual({ x: 0.25, y: 0.5 });
    expect(pointFromPixels({ x: -20, y: 2500 }, { width: 1600, height: 1000 })).toEqual({ x: 0, y: 1 });
    const size = { width: 1234, height: 567 };
    const desk = rect(0.3, 0.6, 0.1, 0.1);
    const drawn = shapeToPixels(desk, size) as RectShape;
    expect(rounded(pointFromPixels({ x: drawn.x, y: drawn.y }, size))).toEqual({ x: 0.3, y: 0.6 });
  });
});

describe('snapToGrid', () => {
  it('takes the nearest multiple of the step, without float dust', () => {
    expect(snapToGrid(0.123, 0.01)).toBe(0.12);
    expect(snapToGrid(0.126, 0.01)).toBe(0.13);
    expect(snapToGrid(0.3, 0.1)).toBe(0.3);
    expect(snapToGrid(0.074, 0.05)).toBe(0.05);
    expect(snapToGrid(0.076, 0.05)).toBe(0.1);
    expect(snapToGrid(0.4242, 0)).toBe(0.4242);
  });
});

describe('moveShape', () => {
  it('moves by the offset and stops at the plan edges, keeping its size', () => {
    expect(rounded(moveShape(rect(0.1, 0.1, 0.2, 0.2), 0.1, 0.05))).toEqual(rect(0.2, 0.15, 0.2, 0.2));
    expect(rounded(moveShape(rect(0.7, 0.1, 0.2, 0.2), 0.5, -0.5))).toEqual(rect(0.8, 0, 0.2, 0.2));
    const moved = moveShape(polygon([0.1, 0.1], [0.3, 0.1], [0.2, 0.3]), -1, 1) as PolygonShape;
    expect(rounded(moved)).toEqual(polygon([0, 0.8], [0.2, 0.8], [0.1, 1]));
  });
});

describe('rectFromCorners and resizeShape', () => {
  it('makes a rectangle from corners in any order, inside the plan', () => {
    expect(rounded(rectFromCorners({ x: 0.5, y: 0.4 }, { x: 0.2, y: 0.1 }))).toEqual(rect(0.2, 0.1, 0.3, 0.3));
    expect(rounded(rectFromCorners({ x: -0.2, y: 0.5 }, { x: 0.3, y: 1.4 }))).toEqual(rect(0, 0.5, 0.3, 0.5));
  });

  it('resizes a rectangle to the bounds, never below the smallest side', () => {
    expect(resizeShape(rect(0.1, 0.1, 0.2, 0.2), { x: 0.1, y: 0.1, width: 0.4, height: 0.1 })).toEqual(
      rect(0.1, 0.1, 0.4, 0.1),
    );
    expect(resizeShape(rect(0.1, 0.1, 0.2, 0.2), { x: 0.1, y: 0.1, width: 0, height: -1 })).toEqual(
      rect(0.1, 0.1, SHAPE_SIDE_MIN, SHAPE_SIDE_MIN),
    );
  });

  it('resizes a polygon: its corners keep their places relative to its bounds', () => {
    const triangle = polygon([0.1, 0.1], [0.3, 0.1], [0.2, 0.2]);
    const resized = resizeShape(triangle, { x: 0.5, y: 0.5, width: 0.4, height: 0.2 });
    expect(rounded(resized)).toEqual(polygon([0.5, 0.5], [0.9, 0.5], [0.7, 0.7]));
    expect(rounded(shapeBounds(resized))).toEqual({ x: 0.5, y: 0.5, width: 0.4, height: 0.2 });
  });
});

describe('duplicateShape', () => {
  it('places the copy to the right with the gap, so a row of desks is laid out', () => {
    const desk = rect(0.1, 0.1, 0.05, 0.04);
    const second = duplicateShape(desk, 0.01);
    expect(rounded(second)).toEqual(rect(0.16, 0.1, 0.05, 0.04));
    expect(shapesOverlap(desk, second)).toBe(false);
    expect(rounded(duplicateShape(second, 0.01))).toEqual(rect(0.22, 0.1, 0.05, 0.04));
  });

  it('places it below when there is no room left on the right', () => {
    expect(rounded(duplicateShape(rect(0.9, 0.1, 0.08, 0.05), 0.01))).toEqual(rect(0.9, 0.16, 0.08, 0.05));
    const copy = duplicateShape(polygon([0.8, 0.2], [0.95, 0.2], [0.9, 0.3]));
    expect(rounded(copy)).toEqual(polygon([0.8, 0.3], [0.95, 0.3], [0.9, 0.4]));
  });
});

describe('isValidShape', () => {
  it('takes a shape inside the plan and refuses one past its edge or too small', () => {
    expect(isValidShape(rect(0, 0, 1, 1))).toBe(true);
    expect(isValidShape(rect(0.9, 0, 0.2, 0.1))).toBe(false);
    expect(isValidShape(rect(0.1, 0.1, 0.001, 0.1))).toBe(false);
    expect(isValidShape(rect(Number.NaN, 0.1, 0.1, 0.1))).toBe(false);
    expect(isValidShape(polygon([0.1, 0.1], [0.3, 0.1], [0.2, 0.3]))).toBe(true);
    expect(isValidShape(polygon([0.1, 0.1], [1.3, 0.1], [0.2, 0.3]))).toBe(false);
    expect(isValidShape(polygon([0.1, 0.1], [0.3, 0.1]))).toBe(false);
  });

  it('refuses a polygon that encloses no area or whose edges cross', () => {
    expect(isValidShape(polygon([0.1, 0.1], [0.2, 0.2], [0.3, 0.3]))).toBe(false);
    expect(isValidShape(polygon([0.1, 0.1], [0.3, 0.3], [0.3, 0.1], [0.1, 0.3]))).toBe(false);
    expect(polygonArea(polygon([0, 0], [0.5, 0], [0.5, 0.5], [0, 0.5]).points)).toBe(0.25);
  });
});
