/** The rows of a `db.execute(sql)` result, whichever driver answered (pg: {rows}, PGlite: {rows}). */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
