import { openDatabase } from '/work/main/src/server/db/open-database';
import { writeFileSync } from 'node:fs';
const h = await openDatabase({ pgliteDir: null });
const blob = await h.dumpPgliteDataDir!();
writeFileSync('/tmp/tpl.tar', Buffer.from(await blob.arrayBuffer()));
await h.close();
