// How `npm run bench` judges its lines once every round is measured, and the rows its table shows:
// each line, then for a cache-off line its statements replayed and the anchor measured beside it.
// The noise a budget allows for is the anchor's spread over the same rounds (the no-change
// control), carried over to the line's figure in proportion, or the line's own spread if wider.
import { budgets, type CacheOffBudget, type LineRun, type LineRuns, type ScenarioKind } from './report';
import { judgeBudget, judgeNone, median, scaledSpreadOf, type Judgement } from './verdict';

/** A line with its runs (one a round): for a cache-off line, also its replay's and the anchor's. */
export type MeasuredLine = {
  label: string;
  kind: ScenarioKind;
  checkShareOfCeiling?: boolean;
  /** A cache-off line's budget; null when it is relative to a line that was left out. */
  cacheOffBudget?: CacheOffBudget | null;
  /** How many statements its replay runs; absent for lines without one. */
  replayStatements?: number;
  runs: LineRun[];
  probe: LineRuns['probe'];
  replay: LineRun[];
  anchor: LineRun[];
};

const rpsOf = (runs: LineRun[]) => runs.map((run) => run.requestsPerSecond);
const p99Of = (runs: LineRun[]) => runs.map((run) => run.p99);
const medianRps = (runs: LineRun[]) => median(rpsOf(runs));
const percentOf = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** A line's budgets. `control` is the anchor's runs in the same rounds; `ceilingRuns` the app's hello-world's. */
export function judgeApiLine(line: MeasuredLine, context: { control: LineRun[]; ceilingRuns: LineRun[] }): Judgement[] {
  const { runs } = line;
  const { control } = context;
  const judgements: Judgement[] = [];
  if (line.kind === 'read' || line.kind === 'write' || line.kind === 'cache-off') judgements.push(judgeNone({ runs: runs.map((run) => run.errors), name: 'errors' }));
  const p99Noise = scaledSpreadOf(p99Of(control), median(p99Of(runs)));
  const rpsNoise = scaledSpreadOf(rpsOf(control), medianRps(runs));
  if (line.kind === 'read') {
    judgements.push(judgeBudget({ runs: p99Of(runs), budget: { name: 'p99', rule: 'below', limit: budgets.readP99Ms, unit: 'ms' }, controlSpread: p99Noise }));
  }
  if (line.checkShareOfCeiling) {
    const shares = runs.map((run, index) => (run.requestsPerSecond / context.ceilingRuns[index].requestsPerSecond) * 100);
    const budget = { name: 'share of the ceiling', rule: 'at least', limit: budgets.browseShareOfCeiling * 100, unit: '%' } as const;
    judgements.push(judgeBudget({ runs: shares, budget, controlSpread: scaledSpreadOf(rpsOf(control), median(shares)) }));
  }
  if (line.cacheOffBudget) {
    judgements.push(judgeBudget({ runs: rpsOf(runs), budget: { name: 'throughput', rule: 'at least', limit: line.cacheOffBudget.minRps, unit: 'req/s' }, controlSpread: rpsNoise }));
    judgements.push(judgeBudget({ runs: p99Of(runs), budget: { name: 'p99', rule: 'at most', limit: line.cacheOffBudget.maxP99Ms, unit: 'ms' }, controlSpread: p99Noise }));
  }
  return judgements;
}

/** The table's rows: the run's control first, then each line (with its index in `lines`), each cache-off line followed by its replay and anchor. */
export function apiTableLines(input: { control: LineRun[]; ceilingRuns: LineRun[]; lines: MeasuredLine[] }): (LineRuns & { lineIndex?: number })[] {
  const rows: (LineRuns & { lineIndex?: number })[] = [
    { label: 'No-change control: the anchor at the start of each round (bare Fastify + pg, one primary-key lookup)', kind: 'anchor', runs: input.control, probe: null, comparison: '—', judgements: [] },
  ];
  for (const [lineIndex, line] of input.lines.entries()) {
    const hasReplay = line.replayStatements !== undefined;
    const comparison =
      line.kind === 'ceiling'
        ? '100%'
        : hasReplay
          ? `${percentOf(medianRps(line.runs), medianRps(line.replay))} of its replay, ${percentOf(medianRps(line.runs), medianRps(line.anchor))} of the anchor`
          : `${percentOf(medianRps(line.runs), medianRps(input.ceilingRuns))} of the ceiling`;
    const unjudged = line.cacheOffBudget === null ? ' (its budget is relative to the cache-off browse line, left out)' : '';
    const judgements = judgeApiLine(line, { control: hasReplay ? line.anchor : input.control, ceilingRuns: input.ceilingRuns });
    rows.push({ lineIndex, label: line.label, kind: line.kind, runs: line.runs, probe: line.probe, comparison: `${comparison}${unjudged}`, judgements });
    if (hasReplay) {
      const statements = `${line.replayStatements} statement${line.replayStatements === 1 ? '' : 's'}`;
      rows.push({
        label: `↳ app statements replayed: cost around the query (bare Fastify + pg running its ${statements})`,
        kind: 'replay',
        runs: line.replay,
        probe: null,
        comparison: `${percentOf(medianRps(line.replay), medianRps(line.anchor))} of the anchor`,
        judgements: [],
      });
      rows.push({ label: '↳ anchor: bare Fastify + pg, one primary-key lookup (measured beside it)', kind: 'anchor', runs: line.anchor, probe: null, comparison: '—', judgements: [] });
    }
  }
  return rows;
}
