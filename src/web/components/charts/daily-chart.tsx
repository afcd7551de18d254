// A day-by-day chart (decision 49): one series as bars, others as marks on the days they happened,
// drawn as SVG by React on d3-scale's scales. It is for the eye: a screen reader hears its label, and
// every chart has its numbers in a table beside it (DailyTable).
import { scaleBand, scaleLinear } from 'd3-scale';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { ChartLegend } from './chart-legend';
import { formatShortDay } from './chart-days';
import { type DailySeries, markShapes, toneFill } from './chart-tones';

type DailyChartProps<Day extends { date: string }> = {
  days: Day[];
  bars: DailySeries<Day>;
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
/** One date under the bars every this many days, counted back from the last: a week. */
const dateEvery = 7;
const margin = { top: 8, right: 4, left: 30 };
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

export function DailyChart<Day extends { date: string }>({ days, bars, marks = [], label, describeDay, legend = true }: DailyChartProps<Day>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef) || fallbackWidth;
  const plotHeight = width < 480 ? 140 : 180;
  const baseline = margin.top + plotHeight;
  const marksTop = baseline + 6;
  const height = marksTop + marks.length * markRowHeight + dateRowHeight;

  const x = scaleBand<string>()
    .domain(days.map((day) => day.date))
    .range([margin.left, width - margin.right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const highest = Math.max(1, ...days.map(bars.value));
  const y = scaleLinear().domain([0, highest]).range([baseline, margin.top]).nice(4);
  // Whole numbers only: there is no half a view.
  const ticks = y.ticks(width < 480 ? 3 : 4).filter(Number.isInteger);
  const band = x.bandwidth();
  const markRadius = Math.max(2, Math.min(4, band / 2));

  return (
    <div className="space-y-2">
      {legend && (
        <ChartLegend
          items={[
            { label: bars.label, tone: bars.tone, shape: 'bar' },
            ...marks.map((series, index) => ({ label: series.label, tone: series.tone, shape: markShapes[index % markShapes.length] })),
          ]}
        />
      )}
      <div ref={boxRef} className="w-full">
        <svg role="img" aria-label={label} width={width} height={height} className="block overflow-visible">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'stroke-ink-500' : 'stroke-sand-200'} />
              <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={fontSize} className="fill-ink-500 tabular-nums">
                {tick.toLocaleString('en-AU')}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const left = x(day.date) ?? 0;
            const centre = left + band / 2;
            const value = bars.value(day);
            const isLast = index === days.length - 1;
            const showDate = (days.length - 1 - index) % dateEvery === 0;
            return (
              <g key={day.date}>
                {/* The whole column answers a hover with the day's numbers. */}
                <rect x={left - (x.step() - band) / 2} y={margin.top} width={x.step()} height={height - margin.top} fill="transparent">
                  <title>{describeDay(day)}</title>
                </rect>
                {value > 0 && <rect x={left} y={y(value)} width={band} height={baseline - y(value)} rx={Math.min(2, band / 4)} className={`${toneFill[bars.tone]} pointer-events-none`} />}
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
                  <text x={isLast ? left + band : centre} y={height - 4} textAnchor={isLast ? 'end' : 'middle'} fontSize={fontSize} className="fill-ink-500">
                    {formatShortDay(day.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}
