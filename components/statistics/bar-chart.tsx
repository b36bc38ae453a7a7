import styles from "./statistics.module.css";

// A bar chart drawn on the server as SVG (no chart library, no script): one or two series of
// bars per day, a y axis with three labelled ticks and its title, the x axis labelled with a few
// days and its title. Margins are reserved for every label, so none is clipped at any width (the
// drawing scales as a whole). Screen readers get the title and summary (role img); the data
// itself is in the table beside it.

export type Series = { label: string; values: number[]; tone: "brand" | "danger" | "muted" };

type Props = { id: string; title: string; summary: string; days: string[]; dayLabels: string[]; series: Series[]; yTitle: string; xTitle: string; numbers: Intl.NumberFormat };

const WIDTH = 560;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 44, left: 56 };

/** A round top for the y axis: 1, 2 or 5 times a power of ten, at least the largest value (and 1). */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power);
}

export function BarChart({ id, title, summary, days, dayLabels, series, yTitle, xTitle, numbers }: Props) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceMax(Math.max(0, ...series.flatMap((one) => one.values)));
  const slot = plotWidth / days.length;
  const barWidth = Math.max(1, (slot * 0.8) / series.length);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  // A label every fifth day, and the last: legible at phone width.
  const labelled = days.map((_, index) => index % 5 === (days.length - 1) % 5);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} data-testid={`${id}-chart`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-summary`}>{summary}</desc>
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line className={styles.grid} x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
          <text className={styles.tick} x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {numbers.format(tick)}
          </text>
        </g>
      ))}
      <text className={styles.axisTitle} transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
        {yTitle}
      </text>
      {days.map((day, index) => (
        <g key={day}>
          {series.map((one, which) => {
            const value = one.values[index] ?? 0;
            const x = MARGIN.left + index * slot + slot * 0.1 + which * barWidth;
            return <rect key={one.label} className={styles[one.tone]} x={x} y={y(value)} width={barWidth} height={Math.max(0, MARGIN.top + plotHeight - y(value))} />;
          })}
          {labelled[index] ? (
            <text className={styles.tick} x={MARGIN.left + index * slot + slot / 2} y={MARGIN.top + plotHeight + 14} textAnchor="middle">
              {dayLabels[index]}
            </text>
          ) : null}
        </g>
      ))}
      <line className={styles.axis} x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight} />
      <text className={styles.axisTitle} x={MARGIN.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
        {xTitle}
      </text>
    </svg>
  );
}
