// Rows of a statement built once, mapped by a plan made once. Drizzle maps a row field by field and
// asks of every field, on every row, what it is (a column, an expression, a subquery) and where it
// goes: profiled under mixed traffic, that was 5% of the app's time, for pages of about 900 fields.
// The answers never change for a prepared statement, so they are worked out when it is built.
import { Column, SQL, Subquery, getTableName, is, noopDecoder } from 'drizzle-orm';

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type SelectedField = { path: string[]; field: unknown };

/** What Drizzle's prepared statements carry (drizzle-orm/pg-core/session.js, both drivers). */
type PreparedShape = {
  fields?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
};

type WithDecoder = { decoder: Decoder };

/** Drizzle's own choice of decoder for a selected field (utils.js, mapResultRow). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: WithDecoder } })._.sql.decoder;
  return (field as { sql: WithDecoder }).sql.decoder;
}

const keepsValue = (decoder: Decoder) => decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;

function isSelectedFields(fields: unknown): fields is SelectedField[] {
  return Array.isArray(fields) && fields.every((entry) => entry && Array.isArray((entry as SelectedField).path) && (entry as SelectedField).path.length > 0);
}

/**
 * Whether Drizzle may turn a table selected under one name into null (its columns all null, the
 * table not known to be there: a left join). Drizzle asks this of each row; the plan leaves such
 * statements to it.
 */
function mayNullTables(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined): boolean {
  if (!joinsNotNullableMap) return false;
  return fields.some(({ path, field }) => path.length === 2 && is(field, Column) && !joinsNotNullableMap[getTableName(field.table)]);
}

/**
 * The mapping Drizzle would make of array rows, as one function. Null when the statement is one
 * this does not take on: no selected fields, a mapper of its own, or a table Drizzle may turn
 * into null (mayNullTables).
 */
export function rowMapperFor(query: PreparedShape): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  const { fields, joinsNotNullableMap } = query;
  if (query.customResultMapper || !isSelectedFields(fields)) return null;
  if (mayNullTables(fields, joinsNotNullableMap)) return null;
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return { path, decode: keepsValue(decoder) ? null : (value: unknown) => decoder.mapFromDriverValue(value) };
  });
  const count = columns.length;
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < count; index += 1) {
        const { path, decode } = columns[index];
        const raw = row[index];
        const value = raw === null ? null : decode ? decode(raw) : raw;
        let node = result;
        for (let depth = 0; depth < path.length - 1; depth += 1) node = (node[path[depth]] ??= {}) as Record<string, unknown>;
        node[path[path.length - 1]] = value;
      }
      return result;
    });
}

/** Gives a prepared statement its mapping made once (when rowMapperFor takes it on); returns it. */
export function mapRowsByPlan<Query>(query: Query): Query {
  const mapper = rowMapperFor(query as PreparedShape);
  if (mapper) (query as PreparedShape).customResultMapper = mapper;
  return query;
}
