import classes from './charts.module.css';

interface HeatMapChartProps {
  /** Counts by row (weekday) then column (hour). */
  cells: readonly (readonly number[])[];
  rowLabels: readonly string[];
  columnLabels: readonly string[];
  /** What the chart shows, in a sentence: the chart is an image with this name; its table gives the numbers. */
  summary: string;
  legend: { title: string; fewer: string; more: string };
}

const LABEL = 44;
const CELL = 26;
const HEAD = 18;
/** The scale's steps: the share of the busiest cell each shade stands for. */
const STEPS = [0.15, 0.35, 0.55, 0.75, 1];

/**
 * The shade of a count: none for zero, else one of five steps of the theme's blue by its share of
 * the busiest cell. The shades are the opacity of one colour over the page's background, so they
 * read in the light and the dark theme alike; a zero cell keeps a faint outline.
 */
export function shadeOf(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  const share = count / max;
  return STEPS.find((step) => share <= step) ?? 1;
}

/** A grid of weekdays × hours shaded by their counts, with its scale; the numbers are in the table. */
export function HeatMapChart({ cells, rowLabels, columnLabels, summary, legend }: HeatMapChartProps) {
  const max = Math.max(0, ...cells.flat());
  const width = LABEL + columnLabels.length * CELL;
  const height = HEAD + rowLabels.length * CELL;
  return (
    <div className={classes.chart}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className={classes.svg}>
        {columnLabels.map((label, column) =>
          column % 3 === 0 ? (
            <text
              key={label}
              x={LABEL + column * CELL + CELL / 2}
              y={12}
              textAnchor="middle"
              className={classes.axisText}
            >
              {label}
            </text>
          ) : null,
        )}
        {rowLabels.map((label, row) => (
          <g key={label}>
            <text x={LABEL - 6} y={HEAD + row * CELL + CELL / 2 + 4} textAnchor="end" className={classes.axisText}>
              {label}
            </text>
            {columnLabels.map((hour, column) => {
              const count = cells[row]?.[column] ?? 0;
              const shade = shadeOf(count, max);
              return (
                <rect
                  key={hour}
                  x={LABEL + column * CELL + 1}
                  y={HEAD + row * CELL + 1}
                  width={CELL - 2}
                  height={CELL - 2}
                  rx={3}
                  className={shade === 0 ? classes.emptyCell : classes.heatCell}
                  fillOpacity={shade === 0 ? undefined : shade}
                  data-count={count}
                >
                  <title>{`${label} ${hour}: ${count}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </svg>
      <div className={classes.scale} aria-hidden="true">
        <span>{legend.title}:</span>
        <span>{legend.fewer}</span>
        {STEPS.map((step) => (
          <span key={step} className={classes.scaleStep}>
            <span className={classes.scaleFill} style={{ opacity: step }} />
          </span>
        ))}
        <span>{legend.more}</span>
      </div>
    </div>
  );
}
