import type { SQLOutputValue } from 'node:sqlite';

/** Typed reads from node:sqlite rows; a wrong column type is a bug, so it throws. */
export type Row = Record<string, SQLOutputValue>;

export function int(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new TypeError(`column ${column}: expected an integer, got ${typeof value}`);
}

export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value === 'string') return value;
  throw new TypeError(`column ${column}: expected text, got ${typeof value}`);
}

export function intOrNull(row: Row, column: string): number | null {
  return row[column] === null ? null : int(row, column);
}

export function textOrNull(row: Row, column: string): string | null {
  return row[column] === null ? null : text(row, column);
}
