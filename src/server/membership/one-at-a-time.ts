// Work for one key runs one piece at a time in this process, without holding a database lock while
// it waits on the payment provider (a double click on "Subscribe Now" makes one checkout).
const running = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = running.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(work);
  running.set(key, current);
  try {
    return await current;
  } finally {
    if (running.get(key) === current) running.delete(key);
  }
}
