// How every benchmark judges a budget. One run proves nothing on a shared 2-core machine, so a
// budget is judged on at least three runs of the same measurement: their median (or, for a
// worst-case budget such as peak memory, their maximum) against the limit. And a figure that
// lies closer to the limit than the noise is neither met nor missed: the noise is the spread of
// a no-change control (the same thing measured again with nothing changed) or of the runs
// themselves, whichever is wider, and inside it the verdict is "not measurable". Only a
// worst-case budget that some run crossed is "not met" whatever the noise: that run happened.

export const minimumRuns = 3;

export type Verdict = 'met' | 'not met' | 'not measurable';

/** `at least`: figure ≥ limit; `below`: figure < limit; `at most`: figure ≤ limit. */
export type BudgetRule = 'at least' | 'below' | 'at most';

export type Budget = {
  /** What is held to the limit, as a reader says it: "p99", "req/s", "share of the ceiling". */
  name: string;
  rule: BudgetRule;
  limit: number;
  /** Printed after each figure: "ms", "req/s", "%", "MB". */
  unit: string;
  /** Which figure of the runs is held to the limit: the median, or the worst run for a ceiling that must never be crossed. */
  statistic?: 'median' | 'max';
};

export type RunSummary = { runs: number; min: number; median: number; max: number };

export type Judgement = {
  budget: Budget;
  verdict: Verdict;
  summary: RunSummary;
  /** The figure held to the limit (the median, or the maximum). */
  figure: number;
  /** The noise the verdict allowed for, in the measure's own units. */
  noise: number;
};

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of no values is undefined.');
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function summariseRuns(values: readonly number[]): RunSummary {
  if (values.length === 0) throw new Error('No runs to summarise.');
  return { runs: values.length, min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

function refuseTooFewRuns(values: readonly number[], what: string): void {
  if (values.length < minimumRuns) {
    throw new Error(`${what} needs at least ${minimumRuns} runs; got ${values.length}.`);
  }
}

/** A no-change control's spread (max − min), in the units it was measured in. */
export function spreadOf(controlRuns: readonly number[]): number {
  refuseTooFewRuns(controlRuns, 'A no-change control');
  return Math.max(...controlRuns) - Math.min(...controlRuns);
}

/**
 * A control measured in other units (a reference server's req/s, say) carried over to a figure:
 * its spread as a share of its own median, times the figure. A control whose median is 0 says nothing.
 */
export function scaledSpreadOf(controlRuns: readonly number[], onto: number): number {
  const spread = spreadOf(controlRuns);
  const middle = median(controlRuns);
  return middle === 0 ? 0 : (spread / Math.abs(middle)) * Math.abs(onto);
}

/**
 * Met, not met, or not measurable. Refuses fewer than three runs. `controlSpread` is the
 * no-change control's spread in the measure's units; the runs' own spread counts too, since
 * nothing changed between them either.
 */
export function judgeBudget(input: { runs: readonly number[]; budget: Budget; controlSpread: number }): Judgement {
  const { runs, budget } = input;
  refuseTooFewRuns(runs, `The budget "${budget.name}"`);
  const summary = summariseRuns(runs);
  const figure = budget.statistic === 'max' ? summary.max : summary.median;
  const noise = Math.max(input.controlSpread, summary.max - summary.min);
  const distance = Math.abs(figure - budget.limit);
  const within = budget.rule === 'at least' ? figure >= budget.limit : budget.rule === 'below' ? figure < budget.limit : figure <= budget.limit;
  // A worst-case budget crossed by any run is crossed: that run happened, whatever the noise.
  const crossedOnce = budget.statistic === 'max' && !within;
  const verdict: Verdict = crossedOnce ? 'not met' : noise > 0 && distance <= noise ? 'not measurable' : within ? 'met' : 'not met';
  return { budget, verdict, summary, figure, noise };
}

/**
 * Budgets that count failures (errors, refused requests) allow no noise: met only when every one
 * of at least three runs counted none.
 */
export function judgeNone(input: { runs: readonly number[]; name: string }): Judgement {
  const budget: Budget = { name: input.name, rule: 'at most', limit: 0, unit: '', statistic: 'max' };
  refuseTooFewRuns(input.runs, `The budget "${input.name}"`);
  const summary = summariseRuns(input.runs);
  return { budget, verdict: summary.max === 0 ? 'met' : 'not met', summary, figure: summary.max, noise: 0 };
}

/** The verdict of several budgets on one line: any not met wins, then any not measurable. */
export function combineVerdicts(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('not met')) return 'not met';
  if (verdicts.includes('not measurable')) return 'not measurable';
  return 'met';
}

export type RunVerdict =
  | { kind: 'partial'; text: string }
  | { kind: Verdict; text: string };

/**
 * The run's one-line conclusion. A run that left lines out (`--only`) says which and gives no
 * overall verdict: a budget it did not measure cannot count as met.
 */
export function judgeRun(input: { judged: readonly { label: string; judgements: readonly Judgement[] }[]; leftOut: readonly string[]; runs: number }): RunVerdict {
  if (input.leftOut.length > 0) {
    return { kind: 'partial', text: `Partial run: no overall verdict. Left out: ${input.leftOut.join('; ')}.` };
  }
  const describe = (verdict: Verdict) =>
    input.judged.flatMap(({ label, judgements }) => {
      const names = judgements.filter((judgement) => judgement.verdict === verdict).map((judgement) => judgement.budget.name);
      return names.length === 0 ? [] : [`${label} (${names.join(', ')})`];
    });
  const notMet = describe('not met');
  const notMeasurable = describe('not measurable');
  if (notMet.length > 0) {
    const rest = notMeasurable.length > 0 ? ` Not measurable: ${notMeasurable.join('; ')}.` : '';
    return { kind: 'not met', text: `Budgets not met: ${notMet.join('; ')}.${rest}` };
  }
  if (notMeasurable.length > 0) {
    return { kind: 'not measurable', text: `No budget missed, but not measurable (within the noise): ${notMeasurable.join('; ')}.` };
  }
  return { kind: 'met', text: `Every budget met, each on ${input.runs} runs and beyond the noise (the no-change control's spread, or the runs' own).` };
}

const verdictMarks: Record<Verdict, string> = { met: '✓ met', 'not met': '✗ not met', 'not measurable': '≈ not measurable' };

/** 1,042 · 97 · 3.5 · 0.25: whole numbers from 100 up, one decimal below, two below 1. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 1 || magnitude === 0 ? 1 : 2;
  return Number(value.toFixed(digits)).toLocaleString('en-AU', { maximumFractionDigits: digits });
}

const withUnit = (value: number, unit: string) => (unit === '%' ? `${formatFigure(value)}%` : unit ? `${formatFigure(value)} ${unit}` : formatFigure(value));

function describeBudget(judgement: Judgement): string {
  const { budget } = judgement;
  if (budget.rule === 'at most' && budget.limit === 0 && budget.unit === '') {
    return judgement.verdict === 'met' ? `no ${budget.name}` : `${budget.name} (worst run ${formatFigure(judgement.figure)})`;
  }
  const rule = budget.rule === 'at least' ? '≥' : budget.rule === 'below' ? '<' : '≤';
  const statistic = budget.statistic === 'max' ? 'worst' : 'median';
  const noise = judgement.verdict === 'not measurable' ? `, noise ${withUnit(judgement.noise, budget.unit)}` : '';
  return `${budget.name} ${rule} ${withUnit(budget.limit, budget.unit)} (${statistic} ${withUnit(judgement.figure, budget.unit)}${noise})`;
}

/**
 * A table cell: "✗ not met: p99 ≤ 50 ms (median 97 ms); ≈ not measurable: …". Budgets met are
 * named only when every budget of the line was met.
 */
export function describeJudgements(judgements: readonly Judgement[]): string {
  if (judgements.length === 0) return '—';
  const order: Verdict[] = combineVerdicts(judgements.map((judgement) => judgement.verdict)) === 'met' ? ['met'] : ['not met', 'not measurable'];
  return order
    .map((verdict) => ({ verdict, budgets: judgements.filter((judgement) => judgement.verdict === verdict) }))
    .filter((group) => group.budgets.length > 0)
    .map((group) => `${verdictMarks[group.verdict]}: ${group.budgets.map(describeBudget).join(', ')}`)
    .join('; ');
}

/** "1,010 / 1,042 / 1,060": min / median / max of the runs. */
export function formatRuns(summary: RunSummary, format: (value: number) => string = formatFigure): string {
  return `${format(summary.min)} / ${format(summary.median)} / ${format(summary.max)}`;
}
