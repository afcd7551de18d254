// The colours a chart draws with, each at least 3:1 against white (WCAG 1.4.11), and a shape each
// for the marks, so a series never depends on colour alone.
export type ChartTone = 'brand' | 'leaf' | 'ink';

/** SVG fills (Tailwind needs the whole class names written out). */
export const toneFill: Record<ChartTone, string> = {
  brand: 'fill-brand-600',
  leaf: 'fill-leaf-600',
  ink: 'fill-ink-700',
};

/** One series of a daily chart or table: its name and its number for a day. */
export type DailySeries<Day> = { label: string; value: (day: Day) => number; tone: ChartTone };

export type MarkShape = 'circle' | 'diamond';

/** The marks under the bars take these shapes in turn. */
export const markShapes: MarkShape[] = ['circle', 'diamond'];
