import { useState } from 'react';

/**
 * The page numbers to show around the current one: `siblings` on each side (docs/product.md §9: 2 for the order
 * histories, 4 by default), shifted so the window keeps its width near either end.
 */
export function pageWindow(page: number, pageCount: number, siblings: number): number[] {
  if (pageCount <= 0) return [];
  const width = Math.min(pageCount, siblings * 2 + 1);
  const start = Math.min(Math.max(1, page - siblings), pageCount - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The rows of one page (pages count from 1). */
export const pageSlice = <T,>(rows: readonly T[], page: number, pageSize: number) =>
  rows.slice((page - 1) * pageSize, page * pageSize);

export function Pagination({
  page,
  pageCount,
  onChange,
  siblings = 4,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  siblings?: number;
}) {
  if (pageCount <= 1) return null;
  const go = (p: number) => onChange(Math.min(pageCount, Math.max(1, p)));
  return (
    <nav className="pagination" aria-label="페이지">
      <button type="button" onClick={() => go(1)} disabled={page === 1} aria-label="첫 페이지">
        «
      </button>
      <button type="button" onClick={() => go(page - 1)} disabled={page === 1} aria-label="이전 페이지">
        ‹
      </button>
      {pageWindow(page, pageCount, siblings).map((p) => (
        <button
          key={p}
          type="button"
          className={p === page ? 'on' : undefined}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => go(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" onClick={() => go(page + 1)} disabled={page === pageCount} aria-label="다음 페이지">
        ›
      </button>
      <button type="button" onClick={() => go(pageCount)} disabled={page === pageCount} aria-label="마지막 페이지">
        »
      </button>
    </nav>
  );
}

/** A page of rows plus its controls' state; callers reset to page 1 when their filter changes. */
export function usePaged<T>(rows: readonly T[], pageSize = 10) {
  const [page, setPage] = useState(1);
  const pageCount = pageCountOf(rows.length, pageSize);
  const current = Math.min(page, pageCount);
  return { page: current, setPage, pageCount, pageRows: pageSlice(rows, current, pageSize) };
}
