import * as drizzleOrm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/open-database';
import { listings, sessions, users } from '../../src/server/db/schema';
import { mapRowsByPlan, rowMapperFor } from '../../src/server/db/row-mapping';
import { listingColumns, selectListingsWithSeller } from '../../src/server/listings/listing-view';

const db = drizzle.mock() as unknown as Queryable;
/** Drizzle's own row mapping (exported, though not in its types). */
const { mapResultRow } = drizzleOrm as unknown as { mapResultRow: (fields: never, row: unknown[], joins?: Record<string, boolean>) => Record<string, unknown> };

type Prepared = { fields: { path: string[]; field: { columnType?: string } }[]; joinsNotNullableMap?: Record<string, boolean>; customResultMapper?: unknown };

/** A value as the driver gives it for the column's type (timestamps and numerics as text), or null. */
function driverValue(field: { columnType?: string }, row: number, column: number): unknown {
  if ((row + column) % 5 === 0) return null;
  switch (field.columnType) {
    case 'PgTimestamp':
      return `2026-11-${String(10 + (row % 18)).padStart(2, '0')} 0${column % 10}:15:30.${String(row).padStart(6, '0')}+00`;
    case 'PgBoolean':
      return (row + column) % 2 === 0;
    case 'PgInteger':
      return row * 7 + column;
    case 'PgJsonb':
      return { userId: `member-${row}` };
    case 'PgArray':
      return [`/uploads/${row}-${column}.webp`, `/uploads/${row}-${column}b.webp`];
    default:
      return `text ${row}.${column}`;
  }
}

/** Drizzle's own mapping of the same rows: the answer the plan must give. */
function drizzleMapping(query: Prepared, rows: unknown[][]) {
  return rows.map((row) => mapResultRow(query.fields as never, row, query.joinsNotNullableMap));
}

function rowsFor(query: Prepared, count: number): unknown[][] {
  return Array.from({ length: count }, (_, row) => query.fields.map(({ field }, column) => driverValue(field, row, column)));
}

describe('rows of a statement built once, mapped by a plan made once', () => {
  it('maps listings with their sellers (columns, expressions, dates, nulls) exactly as Drizzle does', () => {
    const query = selectListingsWithSeller(db).where(eq(listings.id, sql.placeholder('id'))).prepare('row_mapping_listing') as unknown as Prepared;
    const mapper = rowMapperFor(query);
    expect(mapper).not.toBeNull();
    const rows = rowsFor(query, 40);
    const mapped = mapper!(rows);
    expect(mapped).toEqual(drizzleMapping(query, rows));
    // The dates are dates, the expressions' text is kept as it came.
    expect(mapped[1].createdAt).toBeInstanceOf(Date);
    expect(Object.keys(mapped[0])).toEqual(Object.keys(listingColumns));
  });

  it('nests a whole table selected under one name, as the session lookup reads a member', () => {
    const query = db
      .select({ user: users, createdAt: sessions.createdAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .prepare('row_mapping_session') as unknown as Prepared;
    const rows = rowsFor(query, 12);
    const mapped = rowMapperFor(query)!(rows);
    expect(mapped).toEqual(drizzleMapping(query, rows));
    expect(mapped[2].user).toMatchObject({ id: expect.any(String) });
  });

  it('leaves a left join to Drizzle, which makes a missing table null', () => {
    const query = db.select().from(listings).leftJoin(users, eq(users.id, listings.sellerId)).prepare('row_mapping_left_join') as unknown as Prepared;
    expect(rowMapperFor(query)).toBeNull();
    expect(mapRowsByPlan(query).customResultMapper).toBeUndefined();
  });

  it('maps a left join selected column by column, where Drizzle has no table to turn into null', () => {
    const query = db
      .select({ id: listings.id, sellerFirstName: users.firstName, sellerCreatedAt: users.createdAt })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.sellerId))
      .prepare('row_mapping_left_join_flat') as unknown as Prepared;
    const rows = [...rowsFor(query, 6), [null, null, null]];
    expect(rowMapperFor(query)!(rows)).toEqual(drizzleMapping(query, rows));
  });

  it('installs the plan on the statement, which then answers through it', () => {
    const query = mapRowsByPlan(db.select({ id: listings.id, price: listings.price }).from(listings).prepare('row_mapping_installed') as unknown as Prepared);
    expect(typeof query.customResultMapper).toBe('function');
    expect((query.customResultMapper as (rows: unknown[][]) => unknown)([['a', '12.50'], ['b', null]])).toEqual([
      { id: 'a', price: '12.50' },
      { id: 'b', price: null },
    ]);
  });
});
