// The jobs behind a member's own data (decision 37), run by every app server: making a copy of it,
// and the hourly upkeep that removes copies past their week, erases closed accounts past their
// keeping time, takes the words no listing has any more out of the search's dictionary and recounts
// the map's counts by condition.
import type { ServerDeps } from '../deps';
import { eraseClosedAccounts } from './close-account';
import { pruneSearchWords } from '../listings';
import { recountConditionCounts } from '../map';
import { buildDataExport, removeExpiredDataExports } from './data-export';

export async function workOnYourDataJobs(deps: ServerDeps): Promise<void> {
  await deps.jobs.work('data-export', (data) => buildDataExport(deps, data));
  await deps.jobs.work('your-data-upkeep', async () => {
    const expired = await removeExpiredDataExports(deps);
    const erased = await eraseClosedAccounts(deps);
    const words = await pruneSearchWords(deps.db);
    const recounted = await recountConditionCounts(deps);
    if (expired > 0 || erased > 0 || words > 0 || recounted > 0) {
      deps.log.info(
        `${expired} data export(s) past their week removed; ${erased} closed account(s) erased; ${words} word(s) no listing has left the search's dictionary; ${recounted} postcode(s) whose map counts by condition were put right`,
      );
    }
  });
}
