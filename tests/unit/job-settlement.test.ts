// pg-boss records a job's outcome without waiting for the answer; a dropped connection just then must
// not become an unhandled rejection. The statements are recognised by their text, held here to the
// text pg-boss itself sends, so an upgrade that changes it fails this test rather than production.
import { describe, expect, it, vi } from 'vitest';
// @ts-expect-error pg-boss ships its plans as plain JavaScript without types
import plans from 'pg-boss/src/plans.js';
import { settleQuietly } from '../../src/server/services/job-queue';

const schema = 'pgboss';
const dropped = () => Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));

describe("a job's outcome whose answer is lost", () => {
  it('is logged and answered as "no job changed" for pg-boss\'s complete and fail', async () => {
    for (const text of [plans.completeJobs(schema), plans.failJobsById(schema)]) {
      const warn = vi.fn();
      await expect(settleQuietly(text, dropped(), warn)).resolves.toEqual({ rows: [{ count: 0 }] });
      expect(warn).toHaveBeenCalledOnce();
    }
  });

  it('leaves every other statement to fail as it does, to its caller', async () => {
    for (const text of [plans.failJobsByTimeout(schema), 'select 1', plans.cancelJobs(schema)]) {
      const warn = vi.fn();
      await expect(settleQuietly(text, dropped(), warn)).rejects.toThrow('ECONNRESET');
      expect(warn).not.toHaveBeenCalled();
    }
  });
});
