// Work a request starts but does not wait for: whatever it takes (a slow mail server, a lookup
// that only some answers need) then neither slows the answer nor shows in its timing. Tasks with
// the same key run one after another, so two quick requests for one account cannot both pass a
// check before either has written. Closing the app waits for what is under way.
import type { FastifyBaseLogger } from 'fastify';

export type BackgroundTasks = {
  run: (name: string, key: string, task: () => Promise<unknown>) => void;
  /** Resolves once every task started so far has ended. */
  drain: () => Promise<void>;
};

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  const lastByKey = new Map<string, Promise<void>>();
  return {
    run: (name, key, task) => {
      const previous = lastByKey.get(key) ?? Promise.resolve();
      const current = previous
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, `${name} failed`),
        )
        .finally(() => {
          running.delete(current);
          if (lastByKey.get(key) === current) lastByKey.delete(key);
        });
      running.add(current);
      lastByKey.set(key, current);
    },
    drain: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
