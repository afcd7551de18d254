// Which statements may run again when their connection dropped: plain reads only (db/retry-reads.ts).
import { describe, expect, it } from 'vitest';
import { isDroppedConnection, isPlainRead } from '../../src/server/db/retry-reads';

describe('a read that may be tried again', () => {
  it('is a statement that only reads', () => {
    expect(isPlainRead('select "id", "title" from "listings" where "id" = $1')).toBe(true);
    expect(isPlainRead('  with page as (select id from listings) select * from page')).toBe(true);
    expect(isPlainRead('(select 1) union (select 2)')).toBe(true);
    // Column names that merely contain a write's word are still reads.
    expect(isPlainRead('select updated_at, is_deleted, blocked_id from member_blocks')).toBe(true);
  });

  it('is never a write, a lock or a side effect, however it starts', () => {
    for (const text of [
      'insert into listings (title) values ($1)',
      'update sessions set last_used_at = now()',
      'delete from sessions where sid = $1',
      'with ins as (insert into messages (body) values ($1) returning id) select id from ins',
      'select * from users where id = $1 for update',
      'select * from users where id = $1 for no key update',
      'select * from jobs for share skip locked',
      "select nextval('messages_id_seq')",
      "select pg_notify('changes', $1)",
      'select pg_advisory_xact_lock(1)',
      "select set_config('x', 'y', false)",
      'begin',
      'lock table listings',
    ]) {
      expect(isPlainRead(text), text).toBe(false);
    }
  });

  it('is retried only when the connection failed, not the statement', () => {
    expect(isDroppedConnection(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDroppedConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDroppedConnection(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isDroppedConnection(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDroppedConnection(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false);
    expect(isDroppedConnection('Connection terminated')).toBe(false);
  });
});
