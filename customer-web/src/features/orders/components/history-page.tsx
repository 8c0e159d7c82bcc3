import { useState } from 'react';
import { Chips, type ChipOption } from '../../../components/ui/chips';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Pagination, usePaged } from '../../../components/ui/pagination';
import { PageTitle } from '../../../components/ui/card';

/** Spec §9: 10 rows per page, 2 page numbers each side. */
export const HISTORY_PAGE_SIZE = 10;

interface HistoryPageProps<T, C extends string> {
  title: string;
  chips: readonly ChipOption<C>[];
  matches: (chip: C, row: T) => boolean;
  rows: readonly T[] | undefined;
  loading: boolean;
  columns: Column<T>[];
}

/** A history screen: filter chips, the table, pagination. */
export function HistoryPage<T extends { id: number }, C extends string>({ title, chips, matches, rows = [], loading, columns }: HistoryPageProps<T, C>) {
  const [chip, setChip] = useState<C>(chips[0]!.value);
  const filtered = rows.filter((row) => matches(chip, row));
  const { page, setPage, pageCount, pageRows } = usePaged(filtered, HISTORY_PAGE_SIZE);
  return (
    <div className="page">
      <PageTitle sub="최근 3개월 내역만 표시됩니다.">{title}</PageTitle>
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
        <DataTable columns={columns} rows={pageRows} rowKey={(r) => r.id} loading={loading} />
        <Pagination page={page} pageCount={pageCount} onChange={setPage} siblings={2} />
      </section>
    </div>
  );
}

export const LinkCell = ({ link }: { link: string }) => (
  <a href={link} target="_blank" rel="noopener noreferrer" className="ellipsis link-cell" title={link}>
    {link}
  </a>
);
