import { type ChartTone, type MarkShape, lineDashes, toneFill, toneStroke } from './chart-tones';

/** What a series looks like in its chart: a bar, a mark under the bars, or the nth line over them. */
export type SwatchShape = MarkShape | 'bar' | { line: number };

/** A series' swatch: a bar's square, the mark it makes under the bars, or its line's pattern. */
export function ChartSwatch({ tone, shape }: { tone: ChartTone; shape: SwatchShape }) {
  if (typeof shape === 'object') {
    return (
      <svg aria-hidden="true" width="18" height="12" viewBox="0 0 18 12" className="shrink-0">
        <line x1="1" x2="17" y1="6" y2="6" strokeWidth="2.5" strokeDasharray={lineDashes[shape.line % lineDashes.length]} className={toneStroke[tone]} />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="shrink-0">
      {shape === 'bar' && <rect x="1" y="1" width="10" height="10" rx="2" className={toneFill[tone]} />}
      {shape === 'circle' && <circle cx="6" cy="6" r="4.5" className={toneFill[tone]} />}
      {shape === 'diamond' && <rect x="2.5" y="2.5" width="7" height="7" transform="rotate(45 6 6)" className={toneFill[tone]} />}
    </svg>
  );
}

/** The key above a chart: which colour and shape is which series. */
export function ChartLegend({ items }: { items: { label: string; tone: ChartTone; shape: SwatchShape }[] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs font-semibold text-ink-700">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          <ChartSwatch tone={item.tone} shape={item.shape} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
