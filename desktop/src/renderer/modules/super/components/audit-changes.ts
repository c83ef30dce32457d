export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an audit entry changed: every key of either side whose value differs (a creation has no before). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null })).filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}
