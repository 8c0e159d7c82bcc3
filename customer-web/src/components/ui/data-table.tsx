import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A table with an empty-state line. Wide tables scroll in their own box; with `cards` each row becomes a
 * card of "header: value" lines on a phone instead (styles.css `.table-cards`), so nothing scrolls sideways.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  empty = '내역이 없습니다.',
  loading,
  cards = false,
  testId,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty?: string;
  loading?: boolean;
  cards?: boolean;
  testId?: string;
}) {
  return (
    <div className={cards ? 'table-wrap table-wrap-cards' : 'table-wrap'} data-testid={testId}>
      <table className={cards ? 'table table-cards' : 'table'}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {loading ? '불러오는 중...' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
