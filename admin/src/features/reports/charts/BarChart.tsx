import classes from './charts.module.css';

export interface BarSeries {
  key: string;
  label: string;
  /** A CSS colour readable on light and dark backgrounds (a Mantine colour variable). */
  color: string;
}

export interface BarGroup {
  /** The label under the bar (a short day). */
  label: string;
  /** One value per series, in the series' order, stacked from the bottom. */
  values: readonly number[];
}

interface BarChartProps {
  series: readonly BarSeries[];
  bars: readonly BarGroup[];
  /** What the chart shows, in a sentence: the chart is an image with this name; its table gives the numbers. */
  summary: string;
  /** How a value reads in a bar's tooltip. */
  formatValue: (value: number) => string;
  height?: number;
}

const WIDTH = 720;
const AXIS = 28;
const FOOT = 22;

/** The round step of the value axis: 1, 2 or 5 times a power of ten, about four lines. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? power * 10;
}

/**
 * Stacked vertical bars (one per day), drawn in SVG: one series alone draws plain bars. The
 * numbers are in the table beside it; the chart is an image named by `summary`.
 */
export function BarChart({ series, bars, summary, formatValue, height = 220 }: BarChartProps) {
  const totals = bars.map((bar) => bar.values.reduce((sum, value) => sum + value, 0));
  const step = niceStep(Math.max(1, ...totals));
  const top = Math.max(step, Math.ceil(Math.max(1, ...totals) / step) * step);
  const plotHeight = height - FOOT - 8;
  const slot = (WIDTH - AXIS) / Math.max(1, bars.length);
  const barWidth = Math.max(1, Math.min(36, slot * 0.7));
  const y = (value: number) => 8 + plotHeight - (value / top) * plotHeight;
  // Day labels: at most about 12 shown, so they never overlap.
  const every = Math.max(1, Math.ceil(bars.length / 12));
  const lines = Array.from({ length: Math.floor(top / step) + 1 }, (_, index) => index * step);
  return (
    <div className={classes.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={summary}
        className={classes.svg}
        preserveAspectRatio="xMidYMid meet"
      >
        {lines.map((value) => (
          <g key={value}>
            <line x1={AXIS} x2={WIDTH} y1={y(value)} y2={y(value)} className={classes.gridLine} />
            <text x={AXIS - 4} y={y(value) + 4} textAnchor="end" className={classes.axisText}>
              {formatValue(value)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          const x = AXIS + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={`${bar.label}-${index}`}>
              {bar.values.map((value, seriesIndex) => {
                const from = base;
                base += value;
                if (value === 0) return null;
                const entry = series[seriesIndex];
                return (
                  <rect
                    key={entry?.key ?? seriesIndex}
                    x={x}
                    width={barWidth}
                    y={y(from + value)}
                    height={Math.max(0.5, y(from) - y(from + value))}
                    fill={entry?.color}
                  >
                    <title>{`${bar.label} · ${entry?.label ?? ''}: ${formatValue(value)}`}</title>
                  </rect>
                );
              })}
              {index % every === 0 && (
                <text x={x + barWidth / 2} y={height - 6} textAnchor="middle" className={classes.axisText}>
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && <ChartLegend series={series} />}
    </div>
  );
}

/** The series' colours and names, under a chart (hidden from screen readers: the table names them). */
export function ChartLegend({ series }: { series: readonly BarSeries[] }) {
  return (
    <ul className={classes.legend} aria-hidden="true">
      {series.map((entry) => (
        <li key={entry.key}>
          <span className={classes.swatch} style={{ background: entry.color }} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
