// `npm run bench:conversations -- [--members 100000] [--messages 1000000] [--busy-sellers 100]
//     [--rounds 3] [--duration 10] [--warmup 3] [--probe 3] [--connections 50] [--streams 1000] [--rate 200]
//     [--flow 20] [--flow-warmup 5] [--database-url URL] [--reseed] [--seed-only] [--streams-only] [--no-redis] [--no-build] [--no-pin]
//     [--explain-all] [--no-docs] [--calls inbox,thread,unread,send] [--calls-redis] [--no-streams]`
// BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app server (written when it stops).
// The budgets of conversations (decision 15): with 100,000 members and 1,000,000 messages on
// PostgreSQL, the inbox and a thread answer with p99 < 20 ms at 50 connections, sending a message
// p99 < 30 ms, and 1,000 open event streams on one server hold under 100 MB of extra memory, with
// the delivery from send to the other member's stream p99 < 250 ms while messages flow at 200 a
// second. Each call is measured beside its statement replayed in the same run: a bare Fastify with a
// pg pool of the app's size running the one SQL statement the app runs for that call
// (scripts/bench/sql-ceiling.ts), which shows what Node and Fastify cost around the query, not
// whether the query is good. Every call, and each transport's streams on a fresh server, is measured
// in each of `--rounds` rounds (at least 3) and judged on the median (scripts/bench/verdict.ts); a run
// that leaves calls or transports out gives no overall verdict. The run is written to its own file
// in docs/benchmarks/runs/.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { conversationLimits } from '../src/domain/conversations';
import { createSessions, deleteSessions } from './bench/sessions';
import { listConversationSummaries } from '../src/server/conversations/conversation-view';
import { countUnreadMessages, listMessagesJson } from '../src/server/conversations/read-conversation';
import { sendMessage } from '../src/server/conversations/send-message';
import { openDatabase } from '../src/server/db/open-database';
import { users } from '../src/server/db/schema';
import { createContentVersion } from '../src/server/services/content-version';
import type { ServerDeps } from '../src/server/deps';
import { runBuild, serve, startBenchApp } from './bench/app-server';
import { ensureDatabaseExists } from './bench/bench-database';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, positiveNumberArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import { findSeed, restoreConversations, seedConversations, snapshotConversations, type ConversationSeed } from './bench/conversation-seed';
import { cpuSplit, onServerCore, pinLoadGenerator } from './bench/cpu-pinning';
import { openEventStream, type OpenStream } from './bench/event-streams';
import { createRecordingDatabase, explainQueries, formatExplained, type ExplainedQuery, type RecordedQuery } from './bench/explain';
import { runLoad, type LoadResult, type RequestShape } from './bench/load';
import { describeStatuses, mapWithConcurrency, measureCpu, percentile, waitForIdle } from './bench/load-phases';
import { currentRssBytes, findFreePort, peakRssBytes, resetPeakRss, scriptProcessPid, startChildServer, type ChildServer } from './bench/processes';
import { describeMachineLine, describeMachineOf, type CpuShares } from './bench/report';
import { writeRunFile } from './bench/run-files';
import {
  combineVerdicts,
  describeJudgements,
  formatRuns,
  judgeBudget,
  judgeNone,
  judgeRun,
  median,
  minimumRuns,
  summariseRuns,
  type Judgement,
} from './bench/verdict';
import { fillsFromRequest, templateParams, type CeilingQuery } from './bench/ceiling-calls';
import { startSmsSink } from './bench/sms-sink';
import { startSmtpSink } from './bench/smtp-sink';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const ceilingScript = 'scripts/bench/sql-ceiling.ts';
const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/bench';
/** The app's pool (src/server/db/open-database.ts); the ceiling gets the same. */
const appPoolSize = 10;

export const conversationBudgets = {
  inboxP99Ms: 20,
  threadP99Ms: 20,
  sendP99Ms: 30,
  streamsExtraBytes: 100 * 1024 * 1024,
  deliveryP99Ms: 250,
} as const;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, ''));
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const secondsSince = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const au = (value: number) => Math.round(value).toLocaleString('en-AU');

/** Sessions made as sign-in makes them (hashed token, 30 days), in one insert; their tokens by member. */
type Pair = { memberId: string; conversationId: string };

/** The members, conversations and pairs the load rotates through. */
async function pickTargets(pool: pg.Pool, seed: ConversationSeed, options: { inboxMembers: number; threadPairs: number; sendPairs: number; streams: number }) {
  const seeded = `select id from conversations where id in (select md5('conv-bench-conversation-' || g)::uuid from generate_series(1, $1::int) g)`;
  const notBlocked = `not exists (select 1 from member_blocks b where (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id) or (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id))`;
  await pool.query('drop table if exists conv_bench_targets');
  await pool.query(`create temp table conv_bench_targets as select c.* from conversations c where c.id in (${seeded})`, [seed.maxConversationNumber]);
  await pool.query('analyze conv_bench_targets');
  // The busiest inboxes: every busy seller, then the members in most conversations.
  const { rows: inbox } = await pool.query<{ member_id: string; conversations: number }>(
    `select member_id, count(*)::int as conversations
       from (select buyer_id as member_id from conv_bench_targets union all select seller_id from conv_bench_targets) sides
      group by member_id order by count(*) desc, member_id limit $1`,
    [options.inboxMembers],
  );
  const inboxIds = inbox.map((row) => row.member_id);
  const { rows: threads } = await pool.query<{ member_id: string; conversation_id: string; messages: number }>(
    `select p.member_id, p.conversation_id, (select count(*)::int from messages m where m.conversation_id = p.conversation_id) as messages
       from (select case when c.seller_id = any($1::uuid[]) then c.seller_id else c.buyer_id end as member_id, c.id as conversation_id
               from conv_bench_targets c where c.seller_id = any($1::uuid[]) or c.buyer_id = any($1::uuid[])
              order by random() limit $2) p`,
    [inboxIds, options.threadPairs],
  );
  const { rows: sends } = await pool.query<{ member_id: string; conversation_id: string }>(
    `select case when c.seller_id = any($1::uuid[]) and (not c.buyer_id = any($1::uuid[]) or c.coin < 0.5) then c.seller_id else c.buyer_id end as member_id,
            c.id as conversation_id
       from (select c.*, random() as coin, random() as shuffle from conv_bench_targets c
              where (c.seller_id = any($1::uuid[]) or c.buyer_id = any($1::uuid[])) and c.listing_id is not null and ${notBlocked} offset 0) c
      order by c.shuffle limit $2`,
    [inboxIds, options.sendPairs],
  );
  // Streams: distinct receivers (the buyers), each in one conversation whose seller writes to them;
  // no receiver also sends, and none of them is in the inbox lines' set.
  const { rows: streamRows } = await pool.query<{ conversation_id: string; receiver_id: string; sender_id: string }>(
    `select distinct on (c.buyer_id) c.id as conversation_id, c.buyer_id as receiver_id, c.seller_id as sender_id
       from conv_bench_targets c
      where c.listing_id is not null and ${notBlocked} and not c.buyer_id = any($1::uuid[]) and not c.seller_id = any($1::uuid[])
      order by c.buyer_id, c.id
      limit $2`,
    [inboxIds, options.streams * 3],
  );
  const receivers = new Set(streamRows.map((row) => row.receiver_id));
  const streamPairs = streamRows.filter((row) => !receivers.has(row.sender_id)).slice(0, options.streams);
  await pool.query('drop table conv_bench_targets');
  return {
    inbox,
    threads,
    sends: sends.map((row): Pair => ({ memberId: row.member_id, conversationId: row.conversation_id })),
    streamPairs,
  };
}

/** The app's own query functions run once with a recording client: the exact SQL and parameters. */
async function recordAppQueries(pool: pg.Pool, input: { memberId: string; thread: Pair; send: Pair; sendBody: string }) {
  const recorder = createRecordingDatabase(pool);
  await listConversationSummaries(recorder.db, input.memberId);
  const inbox = recorder.take();
  await listMessagesJson({ db: recorder.db }, { memberId: input.thread.memberId, conversationId: input.thread.conversationId });
  const thread = recorder.take();
  await countUnreadMessages({ db: recorder.db }, { memberId: input.memberId });
  const unread = recorder.take();
  const [sender] = await recorder.db.select().from(users).where(eq(users.id, input.send.memberId));
  recorder.take();
  // A real send (into a conversation the run puts back afterwards); only the events are not published.
  const deps = {
    db: recorder.db,
    clock: { now: () => new Date() },
    // The banned words are read afresh (no cache), so their query is recorded too.
    config: { readCacheMs: 0 },
    contentVersion: createContentVersion(),
    memberEvents: { transport: 'process', publish: async () => {}, subscribe: () => () => {}, openStreams: 0, close: async () => {} },
  } as unknown as ServerDeps;
  await sendMessage(deps, { sender, conversationId: input.send.conversationId, body: input.sendBody });
  const send = recorder.take();
  return { inbox, thread, unread, send };
}

/** The one statement of a call the ceiling runs: the last that matches. */
function pickStatement(queries: RecordedQuery[], pattern: RegExp, what: string): RecordedQuery {
  const found = queries.filter((query) => pattern.test(query.sql)).at(-1);
  if (!found) throw new Error(`No recorded statement for ${what} matched ${pattern}:\n${queries.map((query) => query.sql).join('\n')}`);
  return found;
}

/** EXPLAIN ANALYZE of writes, inside a transaction that is rolled back. */
async function explainWrites(pool: pg.Pool, queries: RecordedQuery[]): Promise<ExplainedQuery[]> {
  const client = await pool.connect();
  const explained: ExplainedQuery[] = [];
  try {
    for (const query of queries.filter((entry) => /^\s*(insert|update|delete)\b/i.test(entry.sql))) {
      await client.query('begin');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
        explained.push({ ...query, plan, executionMs: execution ? Number(execution[1]) : null });
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    client.release();
  }
  return explained;
}

type CallRun = LoadResult & { note: string; cpu: CpuShares };

/** A call over every round: the app's runs, its statement replayed in the same rounds, the first round's probe. */
type CallRow = {
  label: string;
  budgetP99Ms: number | null;
  app: CallRun[];
  probe: LoadResult | null;
  replay: CallRun[];
};

/** Each call's budgets on the median of the rounds; the noise is the rounds' own spread. */
function judgeCall(row: CallRow): Judgement[] {
  const judgements = [judgeNone({ runs: row.app.map((run) => run.errors), name: 'errors' })];
  if (row.budgetP99Ms !== null) {
    judgements.push(judgeBudget({ runs: row.app.map((run) => run.p99), budget: { name: 'p99', rule: 'below', limit: row.budgetP99Ms, unit: 'ms' }, controlSpread: 0 }));
  }
  return judgements;
}

const meanCpu = (runs: { cpu: CpuShares }[]) =>
  (['server', 'postgres', 'loadGenerator', 'other'] as const).map((part) => Math.max(0, Math.round(runs.reduce((sum, run) => sum + run.cpu[part], 0) / runs.length))).join(' / ');

function callTable(rows: CallRow[]): string {
  const header = [
    '| Call | req/s min / median / max | p99 ms min / median / max | p50 ms (median) | errors | 1 conn p50 / p99 ms | app statement replayed: req/s, p99 ms (medians) | share of the replay (cost around the query) | CPU % app / PG / autocannon / other | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const lines = rows.map((row) => {
    const rps = summariseRuns(row.app.map((run) => run.requestsPerSecond));
    const replayRps = median(row.replay.map((run) => run.requestsPerSecond));
    const errorCount = row.app.reduce((sum, run) => sum + run.errors, 0);
    const notes = [...new Set(row.app.map((run) => run.note).filter(Boolean))].join('; ');
    const errors = errorCount === 0 ? '0' : `${errorCount} (${notes})`;
    const replayErrors = row.replay.some((run) => run.errors > 0) ? ` (replay errors: ${[...new Set(row.replay.map((run) => run.note).filter(Boolean))].join('; ')})` : '';
    return (
      `| ${row.label} | ${formatRuns(rps, au)} | ${formatRuns(summariseRuns(row.app.map((run) => run.p99)), ms)} | ${ms(median(row.app.map((run) => run.p50)))} | ${errors} | ${row.probe ? `${ms(row.probe.p50)} / ${ms(row.probe.p99)}` : '—'} | ` +
      `${au(replayRps)}, ${ms(median(row.replay.map((run) => run.p99)))}${replayErrors} | ${Math.round((rps.median / replayRps) * 100)}% | ${meanCpu(row.app)} | ${row.budgetP99Ms === null ? '(info) ' : ''}${describeJudgements(judgeCall(row))} |`
    );
  });
  return [...header, ...lines].join('\n');
}

type StreamResult = {
  transport: 'postgres' | 'redis';
  streams: number;
  openSeconds: number;
  rssBefore: number;
  rssOpen: number;
  rssAfterFlow: number;
  peakRss: number | null;
  sent: number;
  sendErrors: number;
  sendStatuses: Record<string, number>;
  sendP50: number;
  sendP99: number;
  achievedRate: number;
  delivered: number;
  deliveryP50: number;
  deliveryP99: number;
  deliveryMax: number;
  streamsLost: number;
  /** The not-counted first seconds of sending on the fresh server: its delivery p99. */
  warmDeliveryP99: number | null;
  /** During the flow, in % of one core. */
  cpu: CpuShares;
};

/** A transport's budgets on the median of its rounds (each on a fresh server); the noise is the rounds' own spread. */
function judgeStreams(results: StreamResult[]): Judgement[] {
  return [
    judgeBudget({
      runs: results.map((result) => (result.rssOpen - result.rssBefore) / 1024 / 1024),
      budget: { name: 'extra memory', rule: 'below', limit: conversationBudgets.streamsExtraBytes / 1024 / 1024, unit: 'MB' },
      controlSpread: 0,
    }),
    judgeBudget({ runs: results.map((result) => result.deliveryP99), budget: { name: 'delivery p99', rule: 'below', limit: conversationBudgets.deliveryP99Ms, unit: 'ms' }, controlSpread: 0 }),
    judgeNone({ runs: results.map((result) => Math.max(0, result.sent - result.sendErrors - result.delivered)), name: 'messages not delivered' }),
    judgeNone({ runs: results.map((result) => result.sendErrors), name: 'send errors' }),
  ];
}

const transportName = (transport: StreamResult['transport']) => (transport === 'postgres' ? 'PostgreSQL LISTEN/NOTIFY' : 'Redis pub/sub');

function streamTable(results: StreamResult[]): string {
  const header = [
    '| Transport (round) | streams open (s to open) | RSS before → with streams (extra) | RSS after the flow (peak) | sent (rate) | send p50 / p99 ms | delivered | delivery p50 / p99 / max ms | CPU % app / PG / bench / other |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const rounds = new Map<string, number>();
  const lines = results.map((result) => {
    const round = (rounds.get(result.transport) ?? 0) + 1;
    rounds.set(result.transport, round);
    const extra = result.rssOpen - result.rssBefore;
    const errors = result.sendErrors > 0 ? `, ${result.sendErrors} errors (${Object.entries(result.sendStatuses).map(([code, count]) => `${code}×${count}`).join(', ')})` : '';
    return (
      `| ${transportName(result.transport)} (${round}) | ${au(result.streams)}${result.streamsLost > 0 ? ` (${result.streamsLost} lost)` : ''} (${result.openSeconds.toFixed(1)} s) | ` +
      `${mb(result.rssBefore)} → ${mb(result.rssOpen)} (${mb(extra)}) | ${mb(result.rssAfterFlow)}${result.peakRss ? ` (${mb(result.peakRss)})` : ''} | ` +
      `${au(result.sent)} (${result.achievedRate.toFixed(0)}/s)${errors} | ${ms(result.sendP50)} / ${ms(result.sendP99)} | ${au(result.delivered)} | ` +
      `${ms(result.deliveryP50)} / ${ms(result.deliveryP99)} / ${ms(result.deliveryMax)} | ${meanCpu([result])} |`
    );
  });
  return [...header, ...lines].join('\n');
}

/**
 * 1,000 streams on a fresh app server: RSS before and with them open, then messages at `rate` a
 * second to conversations whose other member holds a stream, each timed from just before its POST
 * to its arrival on that stream: `warmSeconds` of it to warm the send path (the senders' sessions,
 * the conversations' pages, the code), then `flowSeconds` measured.
 */
async function measureStreams(input: {
  app: ChildServer;
  transport: 'postgres' | 'redis';
  pairs: { conversationId: string; receiverToken: string; senderToken: string }[];
  rate: number;
  warmSeconds: number;
  flowSeconds: number;
  runId: string;
}): Promise<StreamResult> {
  const { app, pairs } = input;
  const appPid = scriptProcessPid(app.child.pid!, serve.script);
  // Warm the stream's paths once (a ticket, a stream), then let the heap settle.
  const warm = await openEventStream(app.baseUrl, pairs[0].receiverToken, () => {});
  await warm.ready;
  warm.close();
  for (let index = 0; index < 20; index += 1) {
    await fetch(`${app.baseUrl}/api/conversations`, { headers: { authorization: `Bearer ${pairs[index % pairs.length].receiverToken}` } }).then((response) => response.arrayBuffer());
  }
  await sleep(3_000);
  const rssBefore = currentRssBytes(appPid) ?? 0;
  resetPeakRss(appPid);

  type Flow = {
    sentAt: Map<number, number>;
    startedAt: number;
    deliveries: number[];
    /** Each delivery with when it was sent (ms into the flow), to tell a stall from steady slowness. */
    timeline: { sentMs: number; deliveryMs: number }[];
  };
  const flows = new Map<string, Flow>();
  const tag = `${input.runId}-${input.transport}`;
  const bodyPattern = new RegExp(`^Bench delivery ${tag}-(\\w+) #(\\d+)\\b`);
  const opened = performance.now();
  const streams: OpenStream[] = await mapWithConcurrency(pairs, 25, async (pair) => {
    const stream = await openEventStream(app.baseUrl, pair.receiverToken, (event, arrivedAt) => {
      if (event.event !== 'message') return;
      const body = (event.data as { message?: { body?: string } }).message?.body ?? '';
      const match = bodyPattern.exec(body);
      const flow = match ? flows.get(match[1]) : undefined;
      if (!match || !flow) return;
      const number = Number(match[2]);
      const started = flow.sentAt.get(number);
      if (started === undefined) return;
      flow.sentAt.delete(number);
      flow.deliveries.push(arrivedAt - started);
      flow.timeline.push({ sentMs: started - flow.startedAt, deliveryMs: arrivedAt - started });
    });
    await stream.ready;
    return stream;
  });
  const openSeconds = (performance.now() - opened) / 1000;
  await sleep(5_000);
  const rssOpen = currentRssBytes(appPid) ?? 0;
  console.log(`    ${streams.length} streams open in ${openSeconds.toFixed(1)} s; RSS ${mb(rssBefore)} before, ${mb(rssOpen)} with them open`);

  // Open loop: message i leaves at start + i / rate, whether or not earlier ones were answered.
  const runFlow = async (name: string, seconds: number) => {
    const flow: Flow = { sentAt: new Map(), startedAt: performance.now(), deliveries: [], timeline: [] };
    flows.set(name, flow);
    const total = Math.round(input.rate * seconds);
    const sendLatencies: number[] = [];
    const sendStatuses: Record<string, number> = {};
    let sendErrors = 0;
    const inFlight: Promise<void>[] = [];
    for (let index = 0; index < total; index += 1) {
      const due = flow.startedAt + (index * 1000) / input.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const pair = pairs[index % pairs.length];
      const started = performance.now();
      flow.sentAt.set(index, started);
      const failed = (status: string) => {
        sendErrors += 1;
        sendStatuses[status] = (sendStatuses[status] ?? 0) + 1;
        flow.sentAt.delete(index);
      };
      inFlight.push(
        fetch(`${app.baseUrl}/api/conversations/${pair.conversationId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.senderToken}` },
          body: JSON.stringify({ body: `Bench delivery ${tag}-${name} #${index}: could you hold it until Saturday?` }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            sendLatencies.push(performance.now() - started);
            if (response.status !== 201) failed(String(response.status));
          },
          () => failed('network'),
        ),
      );
    }
    const sendingSeconds = (performance.now() - flow.startedAt) / 1000;
    await Promise.all(inFlight);
    // Stragglers: a few seconds for what is still on its way.
    const graceUntil = performance.now() + 5_000;
    while (flow.sentAt.size > 0 && performance.now() < graceUntil) await sleep(100);
    return { flow, total, sendLatencies, sendStatuses, sendErrors, sendingSeconds };
  };
  let warmDeliveryP99: number | null = null;
  if (input.warmSeconds > 0) {
    const warmed = await runFlow('warm', input.warmSeconds);
    warmDeliveryP99 = percentile(warmed.flow.deliveries, 0.99);
    console.log(
      `    warm-up: ${warmed.total} sent, delivery p50 ${ms(percentile(warmed.flow.deliveries, 0.5))} ms, p99 ${ms(percentile(warmed.flow.deliveries, 0.99))} ms (not counted)`,
    );
  }
  const { result: measured, cpu } = await measureCpu(appPid, () => runFlow('flow', input.flowSeconds));
  const { flow } = measured;
  const slowest = [...flow.timeline].sort((a, b) => b.deliveryMs - a.deliveryMs).slice(0, 8);
  console.log(`    slowest deliveries (sent at +s: ms): ${slowest.map((entry) => `${(entry.sentMs / 1000).toFixed(1)}: ${entry.deliveryMs.toFixed(0)}`).join(', ')}`);
  const rssAfterFlow = currentRssBytes(appPid) ?? 0;
  const peakRss = peakRssBytes(appPid);
  const streamsLost = streams.filter((stream) => stream.closed).length;
  for (const stream of streams) stream.close();
  return {
    transport: input.transport,
    streams: streams.length,
    openSeconds,
    rssBefore,
    rssOpen,
    rssAfterFlow,
    peakRss,
    sent: measured.total,
    sendErrors: measured.sendErrors,
    sendStatuses: measured.sendStatuses,
    sendP50: percentile(measured.sendLatencies, 0.5),
    sendP99: percentile(measured.sendLatencies, 0.99),
    achievedRate: measured.total / measured.sendingSeconds,
    cpu,
    delivered: flow.deliveries.length,
    deliveryP50: percentile(flow.deliveries, 0.5),
    deliveryP99: percentile(flow.deliveries, 0.99),
    deliveryMax: flow.deliveries.length ? Math.max(...flow.deliveries) : 0,
    streamsLost,
    warmDeliveryP99,
  };
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}



async function main(): Promise<void> {
  const args = parseCliArgs();
  const members = positiveIntegerArg(args, 'members', 100_000);
  const messageCount = positiveIntegerArg(args, 'messages', 1_000_000);
  const busySellers = positiveIntegerArg(args, 'busy-sellers', Math.max(5, Math.round(messageCount / 10_000)));
  const rounds = positiveIntegerArg(args, 'rounds', minimumRuns);
  if (rounds < minimumRuns) throw new Error(`--rounds must be at least ${minimumRuns}: a budget is judged on at least ${minimumRuns} runs.`);
  const durationSeconds = positiveNumberArg(args, 'duration', 10);
  const warmupSeconds = positiveNumberArg(args, 'warmup', 3);
  const probeSeconds = args.get('probe') === '0' ? 0 : positiveNumberArg(args, 'probe', 3);
  const connections = positiveIntegerArg(args, 'connections', 50);
  const streamCount = positiveIntegerArg(args, 'streams', 1000);
  const rate = positiveNumberArg(args, 'rate', 200);
  const flowSeconds = positiveNumberArg(args, 'flow', 20);
  const flowWarmSeconds = args.get('flow-warmup') === '0' ? 0 : positiveNumberArg(args, 'flow-warmup', 5);
  const inboxMemberCount = positiveIntegerArg(args, 'inbox-members', 1000);
  const explainAll = args.has('explain-all');
  const writeDocs = !args.has('no-docs');
  const redisUrl = args.has('no-redis') ? null : (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const cpus = cpuSplit(!args.has('no-pin'));
  pinLoadGenerator(cpus);
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL ?? defaultDatabaseUrl;
  if (!isPostgresUrl(databaseUrl)) throw new Error('The benchmark needs PostgreSQL: set DATABASE_URL to a postgres:// URL.');

  const startedAt = new Date();
  const runId = startedAt.getTime().toString(36);
  console.log(`Conversations benchmark against ${redactDatabaseUrl(databaseUrl)}`);
  await ensureDatabaseExists(databaseUrl);
  // The tables as this checkout's migrations make them (the app would apply them at start too).
  await (await openDatabase({ databaseUrl, poolSize: 1 })).close();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

  const createdSids: string[] = [];
  const servers: ChildServer[] = [];
  let seed: ConversationSeed | null = null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'conversations-bench-'));
  const smtp = await startSmtpSink(await findFreePort());
  const sms = await startSmsSink();
  try {
    seed = args.has('reseed') ? null : await findSeed(pool, { members, messages: messageCount });
    let seededNow = false;
    if (seed) {
      // A run that was interrupted may have left its messages: put the conversations back first.
      const restored = await restoreConversations(pool, seed.maxSeededMessageId);
      if (restored.messages > 0) console.log(`Removed ${restored.messages} messages an interrupted run left in ${restored.conversations} conversations.`);
      console.log(`Reusing the seed of ${seed.seededAt}: ${au(seed.conversations)} conversations, ${au(seed.messages)} messages.`);
    } else {
      await pool.query('drop table if exists conv_bench_snapshot');
      console.log(`Seeding ${au(messageCount)} messages among ${au(members)} members ...`);
      seed = await seedConversations(pool, { members, messages: messageCount, busySellers, log: (line) => console.log(line) });
      seededNow = true;
      console.log(`Seeded ${au(seed.conversations)} conversations and ${au(seed.messages)} messages in ${seed.seedSeconds.toFixed(0)} s.`);
    }
    const activeSeed = seed;
    if (args.has('seed-only')) return;

    const { rows: countRows } = await pool.query<{ users: number; listings: number; conversations: number; messages: number; blocks: number }>(
      `select (select count(*)::int from users) as users, (select count(*)::int from listings) as listings,
              (select count(*)::int from conversations) as conversations, (select count(*)::int from messages) as messages,
              (select count(*)::int from member_blocks) as blocks`,
    );
    const counts = countRows[0];
    const machine = await describeMachineOf(pool);

    if (!args.has('no-build')) await runBuild();

    // Who the load acts as, and where.
    const targets = await pickTargets(pool, activeSeed, { inboxMembers: inboxMemberCount, threadPairs: 5000, sendPairs: 10_000, streams: streamCount });
    if (targets.inbox.length === 0 || targets.threads.length === 0 || targets.sends.length === 0) throw new Error('The seed holds no conversations to measure.');
    const inboxCounts = targets.inbox.map((row) => row.conversations).sort((a, b) => a - b);
    const threadLengths = targets.threads.map((row) => row.messages).sort((a, b) => a - b);
    const signedIn = performance.now();
    const tokens = await createSessions(pool, [
      ...targets.inbox.map((row) => row.member_id),
      ...targets.streamPairs.flatMap((pair) => [pair.receiver_id, pair.sender_id]),
    ], createdSids);
    console.log(`Signed in ${tokens.size} members (sessions made in SQL) in ${secondsSince(signedIn)} s.`);
    console.log(
      `Inbox members: ${targets.inbox.length}, in ${inboxCounts[0]} to ${inboxCounts.at(-1)} conversations (median ${percentile(inboxCounts, 0.5)}); ` +
        `threads: ${targets.threads.length} of ${threadLengths[0]} to ${threadLengths.at(-1)} messages (median ${percentile(threadLengths, 0.5)}); ` +
        `sends rotate over ${targets.sends.length} conversations; ${targets.streamPairs.length} stream receivers.`,
    );
    if (targets.streamPairs.length < streamCount) console.log(`  (only ${targets.streamPairs.length} conversations fit the stream phase's rules)`);
    await snapshotConversations(pool, [...targets.sends.map((pair) => pair.conversationId), ...targets.streamPairs.map((pair) => pair.conversation_id)]);

    // The SQL each call runs, as the app sends it.
    const recordedBody = `Bench ${runId} recorded: still keen, can I pick it up on Saturday?`;
    const recorded = await recordAppQueries(pool, {
      memberId: targets.inbox[0].member_id,
      thread: { memberId: targets.threads[0].member_id, conversationId: targets.threads[0].conversation_id },
      send: targets.sends[0],
      sendBody: recordedBody,
    });
    const inboxStatement = pickStatement(recorded.inbox, /join conversations c on/i, 'the inbox');
    const threadStatement = pickStatement(recorded.thread, /from messages/i, 'a thread');
    const unreadStatement = pickStatement(recorded.unread, /unread_count/i, 'the unread count');
    const sendStatement = pickStatement(recorded.send, /insert into messages/i, 'sending');
    const sample = targets.sends[0];
    // Named prepared statements, as the app runs them.
    const ceilingQueries: CeilingQuery[] = [
      { name: 'inbox', method: 'GET', sql: inboxStatement.sql, params: templateParams(inboxStatement.params, { member: targets.inbox[0].member_id }), prepared: true },
      {
        name: 'thread',
        method: 'GET',
        sql: threadStatement.sql,
        params: templateParams(threadStatement.params, { conversation: targets.threads[0].conversation_id, member: targets.threads[0].member_id }),
        prepared: true,
      },
      { name: 'unread', method: 'GET', sql: unreadStatement.sql, params: templateParams(unreadStatement.params, { member: targets.inbox[0].member_id }), prepared: true },
      {
        name: 'send',
        method: 'POST',
        sql: sendStatement.sql,
        params: templateParams(sendStatement.params, { conversation: sample.conversationId, sender: sample.memberId, body: recordedBody }),
        prepared: true,
      },
    ];
    for (const query of ceilingQueries) {
      const filled = query.params.filter(fillsFromRequest).length;
      if (filled === 0) throw new Error(`The ${query.name} statement takes none of the request's values: ${query.sql}`);
    }
    const ceilingFile = path.join(dataDir, 'ceiling-queries.json');
    await writeFile(ceilingFile, JSON.stringify(ceilingQueries, null, 2));

    const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean);
    const startApp = (label: string, extraEnv: Record<string, string> = {}) =>
      startBenchApp({ label, databaseUrl, dataDir, smtpPort: smtp.port, smsUrl: sms.url, extraEnv, cpus, nodeArgs });
    const streamsOnly = args.has('streams-only');
    // --calls-redis: the app under the call loads publishes its events through Redis (as several servers would) rather than NOTIFY.
    const app = await startApp('app server', args.has('calls-redis') && redisUrl ? { REDIS_URL: redisUrl } : {});
    servers.push(app);
    const appPid = scriptProcessPid(app.child.pid!, serve.script);
    const ceilingPort = await findFreePort();
    const ceiling = await startChildServer({
      label: 'SQL ceiling',
      ...onServerCore(cpus, tsxBin, [ceilingScript]),
      env: { ...process.env, PORT: String(ceilingPort), DATABASE_URL: databaseUrl, POOL_SIZE: String(appPoolSize), CEILING_QUERIES: ceilingFile, NODE_ENV: 'production' },
      port: ceilingPort,
      readyPath: '/',
    });
    servers.push(ceiling);
    const ceilingPid = scriptProcessPid(ceiling.child.pid!, ceilingScript);
    console.log(`Started the app (${app.baseUrl}) and the SQL ceiling (${ceiling.baseUrl}).`);

    // The request shapes: each request rotates to the next member or conversation.
    const rotate = <T>(items: T[]) => {
      let next = 0;
      return () => items[next++ % items.length];
    };
    const bearer = (memberId: string) => `Bearer ${tokens.get(memberId)}`;
    const getHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const getShape = (first: string, next: () => { path: string; authorization?: string }): RequestShape => ({
      method: 'GET',
      path: first,
      headers: getHeaders,
      setupRequest: (request) => {
        const { path: nextPath, authorization } = next();
        return { ...request, method: 'GET', path: nextPath, headers: { ...getHeaders, ...(authorization ? { authorization } : {}) } };
      },
    });
    let messageNumber = 0;
    const nextBody = () => {
      messageNumber += 1;
      return `Bench ${runId} message ${messageNumber}: still keen, can I pick it up on Saturday?`;
    };
    const postShape = (first: string, next: () => { path: string; authorization?: string; body: string }): RequestShape => ({
      method: 'POST',
      path: first,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const { path: nextPath, authorization, body } = next();
        return { ...request, method: 'POST', path: nextPath, headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body };
      },
    });
    const inboxMember = rotate(targets.inbox.map((row) => row.member_id));
    const threadPair = rotate(targets.threads);
    const unreadMember = rotate(targets.inbox.map((row) => row.member_id));
    const appSendPair = rotate(targets.sends);
    const ceilingInboxMember = rotate(targets.inbox.map((row) => row.member_id));
    const ceilingThreadPair = rotate(targets.threads);
    const ceilingUnreadMember = rotate(targets.inbox.map((row) => row.member_id));
    const ceilingSendPair = rotate(targets.sends);

    const calls: { name: string; label: string; budgetP99Ms: number | null; app: RequestShape; ceiling: RequestShape }[] = [
      {
        name: 'inbox',
        label: `GET /api/conversations (inbox; ${targets.inbox.length} members rotated)`,
        budgetP99Ms: conversationBudgets.inboxP99Ms,
        app: getShape('/api/conversations', () => ({ path: '/api/conversations', authorization: bearer(inboxMember()) })),
        ceiling: getShape('/q/inbox', () => ({ path: `/q/inbox?member=${ceilingInboxMember()}` })),
      },
      {
        name: 'thread',
        label: `GET /api/conversations/:id/messages (thread; ${targets.threads.length} rotated)`,
        budgetP99Ms: conversationBudgets.threadP99Ms,
        app: getShape('/api/conversations', () => {
          const pair = threadPair();
          return { path: `/api/conversations/${pair.conversation_id}/messages`, authorization: bearer(pair.member_id) };
        }),
        ceiling: getShape('/q/thread', () => {
          const pair = ceilingThreadPair();
          return { path: `/q/thread?conversation=${pair.conversation_id}&member=${pair.member_id}` };
        }),
      },
      {
        name: 'unread',
        label: 'GET /api/conversations/unread-count (the header badge, same members)',
        budgetP99Ms: null,
        app: getShape('/api/conversations/unread-count', () => ({ path: '/api/conversations/unread-count', authorization: bearer(unreadMember()) })),
        ceiling: getShape('/q/unread', () => ({ path: `/q/unread?member=${ceilingUnreadMember()}` })),
      },
      {
        name: 'send',
        label: `POST /api/conversations/:id/messages (send; ${targets.sends.length} conversations rotated)`,
        budgetP99Ms: conversationBudgets.sendP99Ms,
        app: postShape('/api/conversations', () => {
          const pair = appSendPair();
          return { path: `/api/conversations/${pair.conversationId}/messages`, authorization: bearer(pair.memberId), body: JSON.stringify({ body: nextBody() }) };
        }),
        ceiling: postShape('/q/send', () => {
          const pair = ceilingSendPair();
          return { path: '/q/send', body: JSON.stringify({ conversation: pair.conversationId, sender: pair.memberId, body: nextBody() }) };
        }),
      },
    ];

    const appIdle = () => waitForIdle(pool, `${app.baseUrl}/api/health`);
    const ceilingIdle = () => waitForIdle(pool, `${ceiling.baseUrl}/`);
    const withNote = (result: LoadResult, cpu: CpuShares): CallRun => ({ ...result, note: describeStatuses(result), cpu });
    const onlyCalls = stringArg(args, 'calls')?.split(',');
    const chosenCalls = streamsOnly ? [] : calls.filter((entry) => !onlyCalls || onlyCalls.includes(entry.name));
    const leftOut = calls.filter((call) => !chosenCalls.includes(call)).map((call) => call.label);
    const rows: CallRow[] = chosenCalls.map((call) => ({ label: call.label, budgetP99Ms: call.budgetP99Ms, app: [], probe: null, replay: [] }));
    for (let round = 1; round <= rounds && chosenCalls.length > 0; round += 1) {
      console.log(`Round ${round} of ${rounds}`);
      for (const [index, call] of chosenCalls.entries()) {
        const row = rows[index];
        console.log(`- ${call.label}`);
        await runLoad(call.app, { baseUrl: app.baseUrl, connections, durationSeconds: warmupSeconds });
        await appIdle();
        const measuredApp = await measureCpu(appPid, () => runLoad(call.app, { baseUrl: app.baseUrl, connections, durationSeconds }));
        await appIdle();
        if (round === 1 && probeSeconds > 0) {
          row.probe = await runLoad(call.app, { baseUrl: app.baseUrl, connections: 1, durationSeconds: probeSeconds });
          await appIdle();
        }
        await runLoad(call.ceiling, { baseUrl: ceiling.baseUrl, connections, durationSeconds: warmupSeconds });
        await ceilingIdle();
        const measuredCeiling = await measureCpu(ceilingPid, () => runLoad(call.ceiling, { baseUrl: ceiling.baseUrl, connections, durationSeconds }));
        await ceilingIdle();
        const appRun = withNote(measuredApp.result, measuredApp.cpu);
        const replayRun = withNote(measuredCeiling.result, measuredCeiling.cpu);
        row.app.push(appRun);
        row.replay.push(replayRun);
        console.log(
          `    app ${au(appRun.requestsPerSecond)} req/s, p50 ${appRun.p50} ms, p99 ${appRun.p99} ms, errors ${appRun.errors}${appRun.note ? ` (${appRun.note})` : ''}` +
            (row.probe && round === 1 ? `; 1 connection p50 ${row.probe.p50} / p99 ${row.probe.p99} ms` : '') +
            `; its statement replayed ${au(replayRun.requestsPerSecond)} req/s, p50 ${replayRun.p50} ms, p99 ${replayRun.p99} ms${replayRun.errors ? `, errors ${replayRun.errors} (${replayRun.note})` : ''}` +
            ` → ${Math.round((appRun.requestsPerSecond / replayRun.requestsPerSecond) * 100)}% of the replay; CPU % app ${Math.round(appRun.cpu.server)}, PostgreSQL ${Math.round(appRun.cpu.postgres)}`,
        );
      }
    }
    const appWarnings = app.output();
    await ceiling.stop();
    await app.stop();
    if (appWarnings) console.log(`The app logged (LOG_LEVEL=warn), last lines:\n${appWarnings}`);

    // Event streams, each transport on a fresh app server.
    const streamPairs = targets.streamPairs.map((pair) => ({
      conversationId: pair.conversation_id,
      receiverToken: tokens.get(pair.receiver_id)!,
      senderToken: tokens.get(pair.sender_id)!,
    }));
    const transports: { transport: 'postgres' | 'redis'; env: Record<string, string> }[] = [{ transport: 'postgres', env: {} }];
    let redisNote = '';
    if (redisUrl) {
      if (await redisAnswers(redisUrl)) transports.push({ transport: 'redis', env: { REDIS_URL: redisUrl } });
      else redisNote = `Redis at ${redisUrl} did not answer, so only LISTEN/NOTIFY was measured.`;
    } else {
      redisNote = 'Run with --no-redis: only LISTEN/NOTIFY was measured.';
    }
    const streamResults: StreamResult[] = [];
    if (args.has('no-streams')) leftOut.push('event streams (--no-streams)');
    else if (transports.length < 2) leftOut.push(`event streams over Redis (${redisNote.replace(/\.$/, '')})`);
    const streamRuns = (args.has('no-streams') ? [] : transports).flatMap((transport) => Array.from({ length: rounds }, (_, index) => ({ ...transport, round: index + 1 })));
    for (const { transport, env, round } of streamRuns) {
      console.log(`- ${streamPairs.length} event streams, then ${rate} messages a second for ${flowSeconds} s (${transportName(transport)}, round ${round} of ${rounds})`);
      const streamApp = await startApp(`app server (${transport} events)`, env);
      servers.push(streamApp);
      try {
        const result = await measureStreams({ app: streamApp, transport, pairs: streamPairs, rate, warmSeconds: flowWarmSeconds, flowSeconds, runId });
        streamResults.push(result);
        console.log(
          `    extra memory ${mb(result.rssOpen - result.rssBefore)}; ${result.sent} sent at ${result.achievedRate.toFixed(0)}/s (send p50 ${ms(result.sendP50)} ms, p99 ${ms(result.sendP99)} ms, ${result.sendErrors} errors); ` +
            `${result.delivered} delivered, p50 ${ms(result.deliveryP50)} ms, p99 ${ms(result.deliveryP99)} ms, max ${ms(result.deliveryMax)} ms`,
        );
      } finally {
        const warnings = streamApp.output();
        await streamApp.stop();
        if (warnings) console.log(`  The app logged:\n${warnings}`);
      }
    }

    const measuredTransports = [...new Set(streamResults.map((result) => result.transport))];
    const judged = [
      ...rows.map((row) => ({ label: row.label.replace(/ \(.*$/, ''), judgements: judgeCall(row) })),
      ...measuredTransports.map((transport) => ({ label: `event streams over ${transportName(transport)}`, judgements: judgeStreams(streamResults.filter((result) => result.transport === transport)) })),
    ];
    // What the calls' SQL does at this size: always printed, written down when a budget is not met.
    const anyMissed = judged.some((line) => combineVerdicts(line.judgements.map((judgement) => judgement.verdict)) !== 'met');
    const explains: { title: string; text: string }[] = [];
    if (anyMissed || explainAll) {
      // The recorded send inserted one message: its conversation is put back with the rest.
      explains.push({ title: 'GET /api/conversations (inbox)', text: formatExplained('inbox', await explainQueries(pool, recorded.inbox)) });
      explains.push({ title: 'GET /api/conversations/:id/messages (thread)', text: formatExplained('thread', await explainQueries(pool, recorded.thread)) });
      explains.push({ title: 'GET /api/conversations/unread-count', text: formatExplained('unread count', await explainQueries(pool, recorded.unread)) });
      const sendExplained = [...(await explainQueries(pool, recorded.send)), ...(await explainWrites(pool, recorded.send))];
      explains.push({ title: 'POST /api/conversations/:id/messages (send; the insert and update rolled back)', text: formatExplained('send', sendExplained) });
    }

    const table = callTable(rows);
    const streamsTable = streamTable(streamResults);
    const summary = [
      `**${judgeRun({ judged, leftOut, runs: rounds }).text}**`,
      ...measuredTransports.map((transport) => `Event streams over ${transportName(transport)}, ${rounds} rounds each on a fresh server: ${describeJudgements(judgeStreams(streamResults.filter((result) => result.transport === transport)))}.`),
    ];
    if (redisNote) summary.push(redisNote);
    // Work outside the benchmark (the "other" CPU column) takes cores from the app and PostgreSQL.
    const busiest = (label: string, runs: { cpu: CpuShares }[]) => {
      const most = Math.max(...runs.map((run) => run.cpu.other));
      return most > 30 ? [`${label} up to ${Math.round(most)}%`] : [];
    };
    const busyLines = [
      ...rows.flatMap((row) => busiest(row.label.replace(/ \(.*$/, ''), row.app)),
      ...measuredTransports.flatMap((transport) => busiest(`streams over ${transportName(transport)}`, streamResults.filter((result) => result.transport === transport))),
    ];
    if (busyLines.length > 0) {
      summary.push(`Other work on the machine took CPU during: ${busyLines.join(', ')} (of one core): those figures are pessimistic.`);
    }
    for (const transport of measuredTransports) {
      const warm = streamResults.filter((result) => result.transport === transport && result.warmDeliveryP99 !== null).map((result) => ms(result.warmDeliveryP99!));
      if (warm.length > 0) {
        summary.push(`${transportName(transport)}: in the first ${flowWarmSeconds} s of sending on each fresh server (not counted: cold sessions, pages and code) the delivery p99 was ${warm.join(', ')} ms by round.`);
      }
    }
    const autocannonVersion = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
    const fastifyVersion = (createRequire(import.meta.url)('fastify/package.json') as { version: string }).version;
    const notes = [
      `Seed (scripts/bench/conversation-seed.ts, ${activeSeed.memberSource === 'seed:scale' ? "between the scale seed's members, on their listings" : 'between members and listings of its own'}): ${au(activeSeed.conversations)} conversations, ${au(activeSeed.messages)} messages, ${au(activeSeed.blocks)} member blocks added; ` +
        `${activeSeed.busySellers} busy sellers (those with the most listings) planned 30 to 600 conversations each, every other conversation on a random listing with a random buyer; threads of 1 to about 30 messages (19 in 20) or 20 to 350; ` +
        `a third of conversations end in 1 to 4 unread messages. ${seededNow ? `Seeded by this run in ${activeSeed.seedSeconds.toFixed(0)} s.` : `Seeded ${activeSeed.seededAt} in ${activeSeed.seedSeconds.toFixed(0)} s and reused.`}`,
      `Members: the ${targets.inbox.length} busiest inboxes (${inboxCounts[0]} to ${inboxCounts.at(-1)} conversations, median ${percentile(inboxCounts, 0.5)}; a page of the inbox is the newest ${conversationLimits.inboxPageSize}), signed in with sessions made in SQL. ` +
        `Threads: ${targets.threads.length} of their conversations (${threadLengths[0]} to ${threadLengths.at(-1)} messages, median ${percentile(threadLengths, 0.5)}; a page is the newest ${conversationLimits.threadPageSize}). ` +
        `Sends rotate over ${targets.sends.length} of their conversations (none blocked), so none nears ${conversationLimits.messagesPerMinute} a minute; what the run sent is deleted afterwards.`,
      `App statement replayed (what Node and Fastify cost around the query; it says nothing of whether the query is good): scripts/bench/sql-ceiling.ts, Fastify ${fastifyVersion} and a pg pool of ${appPoolSize} (the app's), on the app's core, answering with the one statement the app runs for the call, recorded from the app's own functions (the inbox page, the thread page, the unread total, the send statement that checks, inserts and updates at once), each a named prepared statement as in the app, with the same parameters; no session, validation, response schema, gzip or event publishing. The app also checks banned words (in memory) and publishes each message to both members' streams (one NOTIFY, or a Redis publish).`,
      `Event streams: each transport on a fresh app server; RSS is the node process's VmRSS 3 s after warming the paths and 5 s after the last stream opened (each its own ticket and connection, as distinct members), and again after the flow. Messages are sent open-loop (one every ${(1000 / rate).toFixed(0)} ms whatever the answers) by ${new Set(streamPairs.map((pair) => pair.senderToken)).size} sellers to buyers who hold a stream, ${flowWarmSeconds > 0 ? `${flowWarmSeconds} s not counted (the senders' sessions and the send path warm up), then ` : ''}${flowSeconds} s measured; delivery is from just before the POST to the event's arrival on the buyer's stream, both timed in the bench process.`,
      `autocannon ${autocannonVersion} in the bench process: ${
        cpus
          ? `the app and the SQL ceiling ran on core ${cpus.server}, autocannon and the stream clients (the bench process) on core${cpus.loadGenerator.length > 1 ? 's' : ''} ${cpus.loadGenerator}, PostgreSQL on any core (taskset)`
          : 'no CPU pinning: the servers, autocannon and PostgreSQL shared every core'
      }. p50/p99 are at ${connections} connections and include queueing once the server is saturated; "1 conn" is the same request alone. CPU: share of one core during the measured run, from /proc.`,
    ];
    const settings = `${rounds} rounds; in each, every call gets a ${warmupSeconds} s warm-up and ${durationSeconds} s measured at ${connections} connections${probeSeconds > 0 ? `, and in the first round ${probeSeconds} s with 1 connection` : ''}; each transport's streams ${rounds} times, each on a fresh server; app started as npm start does (\`${['node', ...serve.args].join(' ')}\`) with NODE_ENV=production, LOG_LEVEL=warn, RATE_LIMIT_MULTIPLIER=10000, its pool of ${appPoolSize} PostgreSQL connections`;

    console.log(`\n${table}\n\n${streamsTable}\n`);
    for (const line of summary) console.log(line);
    for (const explain of explains) console.log(`\nEXPLAIN (ANALYZE, BUFFERS): ${explain.title}\n${explain.text}`);

    {
      const lines = [
        `- Machine: ${describeMachineLine(machine)}`,
        `- Data: ${au(counts.users)} members, ${au(counts.listings)} listings, ${au(counts.conversations)} conversations, ${au(counts.messages)} messages, ${au(counts.blocks)} blocks`,
        `- Load: ${settings}`,
        '',
        table,
        '',
        streamsTable,
        '',
        ...summary.map((line) => `- ${line}`),
        '',
        ...notes.map((line) => `- ${line}`),
      ];
      for (const explain of explains) lines.push('', `<details><summary>EXPLAIN (ANALYZE, BUFFERS): ${explain.title}</summary>`, '', '```', explain.text, '```', '', '</details>');
      const title = `${au(counts.messages)} messages, ${au(counts.users)} members`;
      const file = writeDocs ? writeRunFile({ script: 'bench:conversations', startedAt, title, argv: process.argv.slice(2), body: lines.join('\n') }) : null;
      if (file) console.log(`\nRecorded this run in ${path.relative(projectRoot, file)}.`);
    }
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    if (seed) {
      const restored = await restoreConversations(pool, seed.maxSeededMessageId).catch((error: unknown) => {
        console.error('Could not put the conversations back (the next run will):', error);
        return null;
      });
      if (restored && restored.conversations > 0) console.log(`Deleted the ${restored.messages} messages this run sent and put ${restored.conversations} conversations back as seeded.`);
    }
    await deleteSessions(pool, createdSids).catch(() => {});
    await pool.query('vacuum (analyze) messages').catch(() => {});
    await pool.query('vacuum (analyze) conversations').catch(() => {});
    await smtp.close();
    await sms.close();
    await pool.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
