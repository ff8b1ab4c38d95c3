import {
  type PlanSize,
  type Space,
  type SpaceKind,
  type SpaceShape,
  shapeBounds,
  shapeCentre,
  shapePoints,
  shapeToPixels,
  spaceKindColors,
  spaceKinds,
} from '@vestibule/shared';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// How a space is drawn on a plan, on the map and on the printed plan (docs/floors-and-spaces.md,
// "The screens"): its colour, and never the colour alone: the kind's letter in the shape and in
// the legend, and a hatching over a space that is not available.

/** The plan's size in pixels; a floor without a plan is drawn on a blank sheet of this size. */
export const BLANK_PLAN: PlanSize = { width: 1600, height: 1000 };

/** The SVG attributes of a shape drawn at `size`. */
export function ShapeElement({ shape, size, ...rest }: { shape: SpaceShape; size: PlanSize } & ShapeStyle) {
  const pixels = shapeToPixels(shape, size);
  if (pixels.kind === 'rect') {
    return <rect x={pixels.x} y={pixels.y} width={pixels.width} height={pixels.height} {...rest} />;
  }
  return <polygon points={pixels.points.map((point) => `${point.x},${point.y}`).join(' ')} {...rest} />;
}

interface ShapeStyle {
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  strokeDasharray?: string;
  vectorEffect?: 'non-scaling-stroke';
  'data-handle'?: string;
  className?: string;
}

/** The patterns the drawings use, once per SVG (ids made unique by `prefix`). */
export function PlanPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern
        id={`${prefix}-hatch`}
        patternUnits="userSpaceOnUse"
        width={10}
        height={10}
        patternTransform="rotate(45)"
      >
        <rect width={10} height={10} fill="#ffffff" fillOpacity={0.35} />
        <line x1={0} y1={0} x2={0} y2={10} stroke="#212121" strokeWidth={4} />
      </pattern>
    </defs>
  );
}

/** A kind's one-letter mark (its initial in the user's language). */
export function useKindLetters(): Record<SpaceKind, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({ ROOM: t('spaces.letters.ROOM'), DESK: t('spaces.letters.DESK'), OTHER: t('spaces.letters.OTHER') }),
    [t],
  );
}

/** The text size on a plan of this size: readable on the whole plan, and inside a desk. */
export function labelSize(size: PlanSize, shape: SpaceShape): number {
  const bounds = shapeBounds(shape);
  const inside = Math.min(bounds.width * size.width, bounds.height * size.height);
  return Math.max(6, Math.min(size.width / 70, inside / 2.6));
}

interface SpaceFigureProps {
  space: Pick<Space, 'name' | 'color' | 'available'>;
  shape: SpaceShape;
  size: PlanSize;
  letter: string;
  showName: boolean;
  hatch: string;
  selected?: boolean;
  /**
   * What is drawn: all of it, the shape alone (inside a focusable space named by its aria-label,
   * whose visible text must be part of that name: axe label-content-name-mismatch), or the
   * letter and the name alone (drawn over every shape, apart from them).
   */
  part?: 'all' | 'shape' | 'labels';
  /** Drawn over the shape (resize handles). */
  children?: ReactNode;
}

/** One space on the plan: its shape in its colour, the kind's letter, its name, hatched when not available. */
export const SpaceFigure = memo(function SpaceFigure({
  space,
  shape,
  size,
  letter,
  showName,
  hatch,
  selected = false,
  part = 'all',
  children,
}: SpaceFigureProps) {
  const centre = shapeCentre(shape);
  const font = labelSize(size, shape);
  const cx = centre.x * size.width;
  const cy = centre.y * size.height;
  const drawsShape = part !== 'labels';
  const drawsLabels = part !== 'shape';
  return (
    <>
      {drawsShape && (
        <ShapeElement
          shape={shape}
          size={size}
          fill={space.color}
          fillOpacity={0.35}
          stroke={selected ? '#e65100' : space.color}
          strokeWidth={selected ? 3 : 1.5}
          vectorEffect="non-scaling-stroke"
        />
      )}
      {drawsShape && !space.available && (
        <ShapeElement shape={shape} size={size} fill={`url(#${hatch})`} fillOpacity={0.5} />
      )}
      {drawsLabels && (
        <text
          x={cx}
          y={showName ? cy - font * 0.15 : cy + font * 0.35}
          fontSize={font}
          fontWeight={700}
          textAnchor="middle"
          fill="#111"
          stroke="#fff"
          strokeWidth={font / 8}
          paintOrder="stroke"
          aria-hidden
          pointerEvents="none"
        >
          {letter}
        </text>
      )}
      {drawsLabels && showName && (
        <text
          x={cx}
          y={cy + font * 0.95}
          fontSize={font * 0.8}
          textAnchor="middle"
          fill="#111"
          stroke="#fff"
          strokeWidth={font / 10}
          paintOrder="stroke"
          aria-hidden
          pointerEvents="none"
        >
          {space.name}
        </text>
      )}
      {children}
    </>
  );
});

/** The legend: each kind's colour with its letter and name, and the hatching of a space not available. */
export function PlanLegend({ spaces }: { spaces: readonly Pick<Space, 'kind'>[] }) {
  const { t } = useTranslation();
  const letters = useKindLetters();
  const shown = spaceKinds.filter((kind) => spaces.length === 0 || spaces.some((space) => space.kind === kind));
  return (
    <ul
      aria-label={t('spaces.legend.title')}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0, margin: 0 }}
    >
      {shown.map((kind) => (
        <li key={kind} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <svg width={28} height={20} aria-hidden>
            <rect
              x={1}
              y={1}
              width={26}
              height={18}
              fill={spaceKindColors[kind]}
              fillOpacity={0.35}
              stroke={spaceKindColors[kind]}
              strokeWidth={2}
            />
            <text x={14} y={15} fontSize={13} fontWeight={700} textAnchor="middle" fill="#111">
              {letters[kind]}
            </text>
          </svg>
          <span>{t(`spaces.legend.kind`, { letter: letters[kind], kind: t(`spaces.kinds.${kind}`) })}</span>
        </li>
      ))}
      <li style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <svg width={28} height={20} aria-hidden>
          <PlanPatterns prefix="legend" />
          <rect x={1} y={1} width={26} height={18} fill="url(#legend-hatch)" stroke="#616161" strokeWidth={2} />
        </svg>
        <span>{t('spaces.legend.unavailable')}</span>
      </li>
    </ul>
  );
}

/** The corners of a shape in pixels (for a polygon drawn so far). */
export function pixelPoints(shape: SpaceShape, size: PlanSize): string {
  return shapePoints(shape)
    .map((point) => `${point.x * size.width},${point.y * size.height}`)
    .join(' ');
}
