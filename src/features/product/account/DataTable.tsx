import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers line up at the end. */
  align?: 'start' | 'end';
  /** The card's title line on a phone (the first such column leads the card). */
  lead?: boolean;
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** data-state of a row (e.g. won / lost), for its accent. */
  rowState?: (row: T) => string | undefined;
  busy: boolean;
  testId?: string;
}

/**
 * One table for every width: a table from the md breakpoint up, a stack of cards below it
 * (each cell labelled by its column). The explicit roles keep the table's semantics for screen
 * readers when the cards' CSS changes the display of its parts.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowState, busy, testId }: DataTableProps<T>) {
  return (
    <Table role="table" aria-busy={busy} data-testid={testId}>
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((c) => (
            <th key={c.id} role="columnheader" scope="col" data-align={c.align ?? 'start'}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row" data-state={rowState?.(row)}>
            {columns.map((c) => (
              <td key={c.id} role="cell" data-label={c.header} data-align={c.align ?? 'start'} data-lead={c.lead || undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  transition: opacity 120ms ease;
  &[aria-busy='true'] { opacity: 0.55; }

  caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  th {
    padding: 10px 12px;
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: bottom;
  }
  td {
    padding: 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th, td { text-align: start; }
  [data-align='end'] { text-align: end; }
  tbody tr:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  /* The accent of a row's state (won / lost), on the side the row starts (mirrors for RTL). */
  td:first-child { border-inline-start: 3px solid transparent; }
  tr[data-state='won'] td:first-child { border-inline-start-color: ${({ theme }) => theme.colors.success}; }
  tr[data-state='lost'] td:first-child { border-inline-start-color: ${({ theme }) => theme.colors.danger}; }
  tr[data-state='open'] td:first-child { border-inline-start-color: ${({ theme }) => theme.colors.primary}; }

  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 0.02px)) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    tbody { display: flex; flex-direction: column; gap: 12px; }
    tbody tr {
      display: grid;
      grid-template-columns: 1fr 1fr;
      gap: 10px 16px;
      padding: 14px 16px;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radius.md};
      background: ${({ theme }) => theme.colors.surface};
      border-inline-start-width: 4px;
    }
    tbody tr[data-state='won'] { border-inline-start-color: ${({ theme }) => theme.colors.success}; }
    tbody tr[data-state='lost'] { border-inline-start-color: ${({ theme }) => theme.colors.danger}; }
    tbody tr[data-state='open'] { border-inline-start-color: ${({ theme }) => theme.colors.primary}; }
    td, td:first-child {
      display: flex;
      flex-direction: column;
      gap: 2px;
      padding: 0;
      border: 0;
      text-align: start;
      min-width: 0;
    }
    td::before {
      content: attr(data-label);
      font-size: 0.7rem;
      font-weight: 600;
      letter-spacing: 0.04em;
      text-transform: uppercase;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td[data-lead] {
      order: -1;
      grid-column: 1 / -1;
      font-weight: 600;
      font-size: 1.02rem;
    }
    td[data-lead]::before { display: none; }
    [data-align='end'] { text-align: start; }
  }
`;
