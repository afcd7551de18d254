// What the SQL ceiling (scripts/bench/sql-ceiling.ts) runs: API calls as the app's own recorded
// statements, with the values a request varies on left to be filled in from each request.
import type { RecordedQuery } from './explain';

/** A parameter as recorded, or one the request fills in. */
export type CeilingParam = string | number | boolean | null | readonly string[] | { arg: CeilingArg };
export type CeilingArg = 'member' | 'conversation' | 'sender' | 'body' | 'words' | 'listing';
/** One statement of a call; entries sharing a name are one call, run in order. */
export type CeilingQuery = {
  name: string;
  method: 'GET' | 'POST';
  sql: string;
  params: CeilingParam[];
  /** Run as a named prepared statement (planned once per connection), as the app runs it. */
  prepared?: boolean;
};

export const fillsFromRequest = (param: CeilingParam): param is { arg: CeilingArg } => param !== null && typeof param === 'object' && !Array.isArray(param);

/** The recorded parameters as a template: a value equal to one of `args` is filled in from each request. */
export function templateParams(params: unknown[], args: Partial<Record<CeilingArg, unknown>>): CeilingParam[] {
  return params.map((value) => {
    const arg = (Object.keys(args) as CeilingArg[]).find((name) => args[name] === value);
    if (arg) return { arg };
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as CeilingParam;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    return JSON.stringify(value);
  });
}

/** A call's statements as the ceiling runs them; `prepared` where the app names them. */
export function ceilingCall(name: string, statements: RecordedQuery[], args: Partial<Record<CeilingArg, unknown>>, prepared: (query: RecordedQuery, index: number) => boolean): CeilingQuery[] {
  return statements.map((query, index) => ({ name, method: 'GET', sql: query.sql, params: templateParams(query.params, args), prepared: prepared(query, index) }));
}
