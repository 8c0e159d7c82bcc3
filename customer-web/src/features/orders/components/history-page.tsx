import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { webLink } from '../../../lib/order-rules';
import { Chips, type ChipOption } from '../../../components/ui/chips';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { pageCountOf, Pagination } from '../../../components/ui/pagination';
import { PageTitle } from '../../../components/ui/card';
import type { ListPage } from '../../../lib/api-client';
import { ORDER_HISTORY_PAGE_SIZE } from '../../../lib/order-rules';
import type { HistoryQuery } from '../api/history-query';
import { HistoryTabs } from './history-tabs';

interface HistoryPageProps<T, C extends string> {
  title: string;
  /** The first chip is "all" (no status filter); the others' values are the statuses the server filters by. */
  chips: readonly ChipOption<C>[];
  useRows: (query: HistoryQuery) => UseQueryResult<ListPage<T>>;
  columns: Column<T>[];
}

/** A history screen: filter chips, one server page of 10 rows, pagination with 2 neighbours (docs/product.md §9). */
export function HistoryPage<T extends { id: number }, C extends string>({
  title,
  chips,
  useRows,
  columns,
}: HistoryPageProps<T, C>) {
  const [chip, setChip] = useState<C>(chips[0]!.value);
  const [page, setPage] = useState(1);
  const { data, isPending } = useRows({ status: chip === chips[0]!.value ? null : chip, page });
  return (
    <div className="page">
      <PageTitle sub="최근 3개월 내역만 표시됩니다.">{title}</PageTitle>
      <HistoryTabs />
      <section className="card">
        <Chips
          label="상태"
          options={chips}
          value={chip}
          onChange={(next) => {
            setChip(next);
            setPage(1);
          }}
        />
        <DataTable columns={columns} rows={data?.rows ?? []} rowKey={(r) => r.id} loading={isPending} />
        <Pagination
          page={page}
          pageCount={pageCountOf(data?.total ?? 0, ORDER_HISTORY_PAGE_SIZE)}
          onChange={setPage}
          siblings={2}
        />
      </section>
    </div>
  );
}

/** An order's link; anything not http(s) (a stored `javascript:` username) is shown as plain text. */
export const LinkCell = ({ link }: { link: string }) => {
  const href = webLink(link);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="ellipsis link-cell" title={link}>
      {link}
    </a>
  ) : (
    <span className="ellipsis link-cell" title={link}>
      {link}
    </span>
  );
};
