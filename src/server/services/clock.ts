// The time, as operations read it: the system's clock, or a fixed or moving one in tests.
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
