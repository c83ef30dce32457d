import * as drizzle from 'drizzle-orm';

/** A selected field as Drizzle orders them (orderSelectedFields): where it goes and what it is. */
type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Slot = { outer: string; inner?: string; decode?: Decoder['mapFromDriverValue'] };
/** A nested object of the row (a joined table's columns) and the column whose null makes it null. */
type Nullable = { outer: string; index: number };

/** Rows in array mode to the objects Drizzle's mapResultRow makes, with no per-field type checks. */
export type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

const identity = drizzle.Column.prototype.mapFromDriverValue;

/**
 * Drizzle's mapResultRow, planned once for a statement that never changes: each field's decoder
 * found once (mapResultRow asks `is(field, Column)` and walks the path for every field of every
 * row: ~5 % of a list call's server CPU) and skipped when it returns the value as is. The same
 * rule for a left-joined table whose first column is null: its object is null. undefined for a
 * selection this does not cover (deeper paths, aliased SQL or subqueries): Drizzle maps those.
 */
export function planRowMapper(fields: unknown[], joins: Record<string, boolean> | undefined): RowMapper | undefined {
  const slots: Slot[] = [];
  const groups = new Map<string, { index: number; table?: string }>();
  for (const [index, { path, field }] of (fields as SelectedField[]).entries()) {
    if (path.length > 2) return undefined;
    let decoder: Decoder;
    if (drizzle.is(field, drizzle.Column)) decoder = field;
    else if (drizzle.is(field, drizzle.SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
    else return undefined;
    slots.push({ outer: path[0], inner: path[1], decode: decoder.mapFromDriverValue === identity ? undefined : decoder.mapFromDriverValue.bind(decoder) });
    if (path.length === 2) {
      if (!drizzle.is(field, drizzle.Column)) return undefined;
      const table = drizzle.getTableName(field.table);
      const group = groups.get(path[0]);
      if (!group) groups.set(path[0], { index, table });
      else if (group.table !== table) group.table = undefined;
    }
  }
  const nullable: Nullable[] = joins ? [...groups].filter(([, g]) => g.table !== undefined && !joins[g.table]).map(([outer, g]) => ({ outer, index: g.index })) : [];
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < slots.length; i++) {
        const { outer, inner, decode } = slots[i];
        const raw = row[i];
        const value = raw === null || !decode ? raw : decode(raw);
        if (inner === undefined) result[outer] = value;
        else ((result[outer] ??= {}) as Record<string, unknown>)[inner] = value;
      }
      for (const { outer, index } of nullable) if (row[index] === null) result[outer] = null;
      return result;
    });
}
