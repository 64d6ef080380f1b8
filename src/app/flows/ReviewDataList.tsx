import type { ReviewListProps, ReviewRow } from '../../engine/react/review-list';
import { DataList } from '../components/DataList';

interface Numbered {
  at: number;
  row: ReviewRow;
}

/**
 * The review step's tables on the app's one list (issue 25), handed to the engine as
 * FlowViewServices.list: the first column stays in view at desktop widths, a card per row on a phone.
 */
export function ReviewDataList({ label, rows, columns }: ReviewListProps) {
  // A review row has no key of its own: its place in the data is its key (a read-only list).
  const numbered: Numbered[] = rows.map((row, at) => ({ at, row }));
  return (
    <DataList
      label={label}
      rows={numbered}
      rowKey={(r) => r.at}
      columns={columns.map((c) => ({ header: c.header, cell: (r: Numbered) => c.cell(r.row) }))}
    />
  );
}
