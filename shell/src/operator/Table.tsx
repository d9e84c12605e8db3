import { Children, type ReactNode } from 'react';
import { EmptyState, Pager } from '@velvet/ui';
import { usePagerLabels } from './data';

/** A table of the console: a header cell per column (already in words), then the rows as given. */
export function OperatorTable({
  headers,
  caption,
  children,
}: {
  headers: readonly string[];
  caption?: string;
  children: ReactNode;
}) {
  return (
    <table className="vv-operator__table">
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One page of a list the server pages (as `countedPage` answers it). */
export interface ListPage<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A paged list of the console: its empty state, or the page's rows (one or more per item) and the pager under them. */
export function PagedTable<T>({
  data,
  headers,
  empty,
  rows,
  onPage,
}: {
  data: ListPage<T>;
  headers: readonly string[];
  empty: string;
  rows: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  const labels = usePagerLabels();
  if (data.items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <OperatorTable headers={headers}>{Children.toArray(data.items.map(rows))}</OperatorTable>
      <Pager page={data.page} pageCount={Math.ceil(data.total / data.pageSize)} onChange={onPage} labels={labels} />
    </>
  );
}
