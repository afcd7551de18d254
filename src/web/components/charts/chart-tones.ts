// The colours a chart draws with, each at least 3:1 against white (WCAG 1.4.11), and a shape each
// for the marks, so a series never depends on colour alone.
export type ChartTone = 'brand' | 'leaf' | 'ink' | 'sky';

/** SVG fills (Tailwind needs the whole class names written out). */
export const toneFill: Record<ChartTone, string> = {
  brand: 'fill-brand-600',
  leaf: 'fill-leaf-600',
  ink: 'fill-ink-700',
  sky: 'fill-sky-700',
};

/** SVG strokes, for the lines drawn over the bars. */
export const toneStroke: Record<ChartTone, string> = {
  brand: 'stroke-brand-600',
  leaf: 'stroke-leaf-600',
  ink: 'stroke-ink-700',
  sky: 'stroke-sky-700',
};

/** One series of a daily chart or table: its name and its number for a day. */
export type DailySeries<Day> = { label: string; value: (day: Day) => number; tone: ChartTone };

export type MarkShape = 'circle' | 'diamond';

/** The marks under the bars take these shapes in turn. */
export const markShapes: MarkShape[] = ['circle', 'diamond'];

/** The lines over the bars take these dash patterns in turn (none: solid). */
export const lineDashes = [undefined, '5 3'] as const;
