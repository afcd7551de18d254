// A day-by-day chart (decision 49): one series as bars (or several stacked), others as lines over
// them or as marks on the days they happened, drawn as SVG by React on d3-scale's scales. It is for the eye: a screen reader hears its label, and
// every chart has its numbers in a table beside it (DailyTable).
import { scaleBand, scaleLinear } from 'd3-scale';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { ChartLegend, type SwatchShape } from './chart-legend';
import { formatShortDay } from './chart-days';
import { type DailySeries, lineDashes, markShapes, toneFill, toneStroke } from './chart-tones';

type DailyChartProps<Day extends { date: string }> = {
  days: Day[];
  /** One series as bars, or several stacked, the first at the bottom (members by plan). */
  bars: DailySeries<Day> | DailySeries<Day>[];
  /** Drawn over the bars on the same scale, each with its own dash (reports closed beside those opened). */
  lines?: DailySeries<Day>[];
  /** Drawn under the bars on the days their number is above zero (saves, conversations). */
  marks?: DailySeries<Day>[];
  /** What the picture shows, for a screen reader. */
  label: string;
  /** A day's numbers in words, shown on hover ("Mon 3 Mar: 5 views, 1 save"). */
  describeDay: (day: Day) => string;
  /** Off when something beside the chart already says which colour and shape is which. */
  legend?: boolean;
};

/** Before the first measure (and where nothing is laid out, as in tests): a phone's width. */
const fallbackWidth = 320;
/** One date under the bars every this many days, counted back from the last: a week, or whole weeks when the days are narrow. */
const dateEveryDays = 7;
/** The room a date under the bars needs ("30 Sept" at 11 px, the last one drawn from the right edge), so dates never overlap. */
const dateRoom = 60;
/** The room one character of an axis number takes at 11 px, to size the axis to its longest number. */
const digitRoom = 6.5;
const margin = { top: 8, right: 4, minLeft: 30 };
const maxBar = 28;
const markRowHeight = 14;
const dateRowHeight = 18;
const fontSize = 11;

/** The element's width in CSS pixels, kept as it changes: the chart is drawn at its real size, so its text never shrinks. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function DailyChart<Day extends { date: string }>({ days, bars, lines = [], marks = [], label, describeDay, legend = true }: DailyChartProps<Day>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef) || fallbackWidth;
  const plotHeight = width < 480 ? 140 : 180;
  const baseline = margin.top + plotHeight;
  const marksTop = baseline + 6;
  const height = marksTop + marks.length * markRowHeight + dateRowHeight;
  const stack = Array.isArray(bars) ? bars : [bars];
  const stackHeight = (day: Day) => stack.reduce((sum, series) => sum + series.value(day), 0);

  const highest = Math.max(1, ...days.map(stackHeight), ...lines.flatMap((series) => days.map(series.value)));
  const y = scaleLinear().domain([0, highest]).range([baseline, margin.top]).nice(4);
  // Whole numbers only: there is no half a view.
  const ticks = y.ticks(width < 480 ? 3 : 4).filter(Number.isInteger);
  // The axis is as wide as its longest number (an active listings axis reaches the thousands).
  const left = Math.max(margin.minLeft, Math.ceil(Math.max(...ticks.map((tick) => tick.toLocaleString('en-AU').length)) * digitRoom) + 10);
  // A year of days on a phone leaves a pixel or two a day: no gap between the bars then.
  const roughStep = (width - margin.right - left) / Math.max(1, days.length);
  const x = scaleBand<string>()
    .domain(days.map((day) => day.date))
    .range([left, width - margin.right])
    // A few days on a desktop would make slabs: a bar is at most maxBar wide.
    .paddingInner(roughStep < 4 ? 0 : Math.max(0.25, 1 - maxBar / roughStep))
    .paddingOuter(roughStep < 4 ? 0 : 0.1);
  const band = x.bandwidth();
  const markRadius = Math.max(2, Math.min(4, band / 2));
  const dateEvery = dateEveryDays * Math.max(1, Math.ceil(dateRoom / x.step() / dateEveryDays));
  const lineShape = (index: number): SwatchShape => ({ line: index });

  return (
    <div className="space-y-2">
      {legend && (
        <ChartLegend
          items={[
            ...stack.map((series) => ({ label: series.label, tone: series.tone, shape: 'bar' as const })),
            ...lines.map((series, index) => ({ label: series.label, tone: series.tone, shape: lineShape(index) })),
            ...marks.map((series, index) => ({ label: series.label, tone: series.tone, shape: markShapes[index % markShapes.length] })),
          ]}
        />
      )}
      <div ref={boxRef} className="w-full">
        {/* Drawn at the measured width; until a narrower box is measured again (a turned phone, a
            narrowed window) the drawing scales down to fit it, so the page never scrolls sideways. */}
        <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="block h-auto max-w-full overflow-visible">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'stroke-ink-500' : 'stroke-sand-200'} />
              <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={fontSize} className="fill-ink-500 tabular-nums">
                {tick.toLocaleString('en-AU')}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const start = x(day.date) ?? 0;
            const centre = start + band / 2;
            let stacked = 0;
            const isLast = index === days.length - 1;
            const showDate = (days.length - 1 - index) % dateEvery === 0;
            return (
              <g key={day.date}>
                {/* The whole column answers a hover with the day's numbers. */}
                <rect x={start - (x.step() - band) / 2} y={margin.top} width={x.step()} height={height - margin.top} fill="transparent">
                  <title>{describeDay(day)}</title>
                </rect>
                {stack.map((series) => {
                  const value = series.value(day);
                  if (value <= 0) return null;
                  const bottom = stacked;
                  stacked += value;
                  return <rect key={series.label} x={start} y={y(stacked)} width={band} height={y(bottom) - y(stacked)} rx={stack.length > 1 ? 0 : Math.min(2, band / 4)} className={`${toneFill[series.tone]} pointer-events-none`} />;
                })}
                {marks.map((series, row) => {
                  if (series.value(day) <= 0) return null;
                  const cy = marksTop + row * markRowHeight + markRowHeight / 2;
                  const fill = `${toneFill[series.tone]} pointer-events-none`;
                  return markShapes[row % markShapes.length] === 'circle' ? (
                    <circle key={series.label} cx={centre} cy={cy} r={markRadius} className={fill} />
                  ) : (
                    <rect key={series.label} x={centre - markRadius * 0.8} y={cy - markRadius * 0.8} width={markRadius * 1.6} height={markRadius * 1.6} transform={`rotate(45 ${centre} ${cy})`} className={fill} />
                  );
                })}
                {showDate && (
                  <text x={isLast ? start + band : centre} y={height - 4} textAnchor={isLast ? 'end' : 'middle'} fontSize={fontSize} className="fill-ink-500">
                    {formatShortDay(day.date)}
                  </text>
                )}
              </g>
            );
          })}
          {lines.map((series, index) => (
            <polyline
              key={series.label}
              points={days.map((day) => `${(x(day.date) ?? 0) + band / 2},${y(series.value(day))}`).join(' ')}
              fill="none"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeDasharray={lineDashes[index % lineDashes.length]}
              className={`${toneStroke[series.tone]} pointer-events-none`}
            />
          ))}
        </svg>
      </div>
    </div>
  );
}
