import { describe, expect, it } from 'vitest';
import {
  describeJudgements,
  judgeBudget,
  judgeNone,
  judgeRun,
  scaledSpreadOf,
  spreadOf,
  summariseRuns,
  type Budget,
} from '../../scripts/bench/verdict';

const atLeast2000: Budget = { name: 'throughput', rule: 'at least', limit: 2000, unit: 'req/s' };
const p99Below20: Budget = { name: 'p99', rule: 'below', limit: 20, unit: 'ms' };

describe('a budget judged from repeated runs', () => {
  it('is met when the median clears the limit by more than the noise', () => {
    const judged = judgeBudget({ runs: [2400, 2500, 2450], budget: atLeast2000, controlSpread: 60 });
    expect(judged.verdict).toBe('met');
    expect(judged.summary).toEqual({ runs: 3, min: 2400, median: 2450, max: 2500 });
    expect(judgeBudget({ runs: [2, 3, 2], budget: p99Below20, controlSpread: 1 }).verdict).toBe('met');
  });

  it('is not met when the median misses the limit by more than the noise', () => {
    expect(judgeBudget({ runs: [1010, 1042, 1060], budget: atLeast2000, controlSpread: 40 }).verdict).toBe('not met');
    expect(judgeBudget({ runs: [95, 97, 99], budget: p99Below20, controlSpread: 5 }).verdict).toBe('not met');
  });

  it('is not measurable when the median lies within the no-change control spread of the limit', () => {
    // 2,050 clears 2,000 by 50, but with nothing changed the control moved by 120.
    const judged = judgeBudget({ runs: [2040, 2050, 2060], budget: atLeast2000, controlSpread: 120 });
    expect(judged.verdict).toBe('not measurable');
    expect(judged.noise).toBe(120);
    // A miss inside the spread is not called a miss either.
    expect(judgeBudget({ runs: [1950, 1960, 1970], budget: atLeast2000, controlSpread: 120 }).verdict).toBe('not measurable');
  });

  it("counts the runs' own spread as noise when it is wider than the control's", () => {
    const judged = judgeBudget({ runs: [1900, 2100, 2150], budget: atLeast2000, controlSpread: 10 });
    expect(judged.verdict).toBe('not measurable');
    expect(judged.noise).toBe(250);
  });

  it('holds a worst-case budget to the worst run', () => {
    const peak: Budget = { name: 'peak RSS', rule: 'below', limit: 300, unit: 'MB', statistic: 'max' };
    expect(judgeBudget({ runs: [240, 250, 320], budget: peak, controlSpread: 0 }).verdict).toBe('not met');
    expect(judgeBudget({ runs: [240, 250, 248], budget: peak, controlSpread: 0 }).verdict).toBe('met');
    // Under the cap, but by less than the runs moved: it may cross next time.
    expect(judgeBudget({ runs: [230, 250, 290], budget: peak, controlSpread: 0 }).verdict).toBe('not measurable');
  });

  it('refuses to judge fewer than three runs', () => {
    expect(() => judgeBudget({ runs: [2500, 2600], budget: atLeast2000, controlSpread: 0 })).toThrow(/at least 3 runs; got 2/);
    expect(() => judgeBudget({ runs: [], budget: atLeast2000, controlSpread: 0 })).toThrow(/at least 3 runs/);
    expect(() => judgeNone({ runs: [0], name: 'errors' })).toThrow(/at least 3 runs/);
    expect(() => spreadOf([1, 2])).toThrow(/no-change control needs at least 3 runs/);
  });

  it('allows no errors in any run', () => {
    expect(judgeNone({ runs: [0, 0, 0], name: 'errors' }).verdict).toBe('met');
    expect(judgeNone({ runs: [0, 3, 0], name: 'errors' }).verdict).toBe('not met');
  });

  it("carries a control measured in other units over to a figure in proportion to its median", () => {
    // The anchor moved 10% with nothing changed: 10% of a 1,000 req/s line.
    expect(scaledSpreadOf([9500, 10000, 10500], 1000)).toBeCloseTo(100);
    expect(scaledSpreadOf([0, 0, 0], 1000)).toBe(0);
  });

  it('says which way each budget went, with the figure it was judged on', () => {
    const missed = judgeBudget({ runs: [95, 97, 99], budget: { name: 'p99', rule: 'at most', limit: 50, unit: 'ms' }, controlSpread: 5 });
    expect(describeJudgements([missed])).toBe('✗ not met: p99 ≤ 50 ms (median 97 ms)');
    const unclear = judgeBudget({ runs: [2040, 2050, 2060], budget: atLeast2000, controlSpread: 120 });
    expect(describeJudgements([unclear])).toBe('≈ not measurable: throughput ≥ 2,000 req/s (median 2,050 req/s, noise 120 req/s)');
    expect(describeJudgements([missed, unclear])).toBe('✗ not met: p99 ≤ 50 ms (median 97 ms); ≈ not measurable: throughput ≥ 2,000 req/s (median 2,050 req/s, noise 120 req/s)');
    expect(describeJudgements([judgeNone({ runs: [0, 0, 0], name: 'errors' })])).toBe('✓ met: no errors');
    expect(describeJudgements([])).toBe('—');
  });

  it('summarises an even number of runs on the mean of the middle two', () => {
    expect(summariseRuns([4, 1, 3, 2])).toEqual({ runs: 4, min: 1, median: 2.5, max: 4 });
  });
});

describe("a run's overall verdict", () => {
  const met = judgeBudget({ runs: [2400, 2500, 2450], budget: atLeast2000, controlSpread: 60 });
  const missed = judgeBudget({ runs: [1010, 1042, 1060], budget: atLeast2000, controlSpread: 40 });
  const unclear = judgeBudget({ runs: [2040, 2050, 2060], budget: atLeast2000, controlSpread: 120 });

  it('gives no overall verdict for a partial run, and names the lines it left out', () => {
    const verdict = judgeRun({ judged: [{ label: 'Browse postcode 3000', judgements: [met] }], leftOut: ['Search "bicycle"', 'Listing detail'], runs: 3 });
    expect(verdict.kind).toBe('partial');
    expect(verdict.text).toBe('Partial run: no overall verdict. Left out: Search "bicycle"; Listing detail.');
    expect(verdict.text).not.toMatch(/met/i);
  });

  it('is met only when every budget was met', () => {
    expect(judgeRun({ judged: [{ label: 'Browse', judgements: [met] }], leftOut: [], runs: 3 })).toEqual({
      kind: 'met',
      text: "Every budget met, each on 3 runs and beyond the noise (the no-change control's spread, or the runs' own).",
    });
  });

  it('names the budgets not met, and those not measurable beside them', () => {
    const verdict = judgeRun({
      judged: [
        { label: 'Cache off: browse', judgements: [missed] },
        { label: 'Cache off: detail', judgements: [unclear] },
        { label: 'Browse', judgements: [met] },
      ],
      leftOut: [],
      runs: 3,
    });
    expect(verdict.kind).toBe('not met');
    expect(verdict.text).toBe('Budgets not met: Cache off: browse (throughput). Not measurable: Cache off: detail (throughput).');
  });

  it('does not call a budget within the noise met', () => {
    const verdict = judgeRun({ judged: [{ label: 'Browse', judgements: [met] }, { label: 'Detail', judgements: [unclear] }], leftOut: [], runs: 3 });
    expect(verdict.kind).toBe('not measurable');
  });
});
