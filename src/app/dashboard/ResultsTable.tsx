import { Link, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Link as RouterLink } from 'react-router-dom';
import { PENDING_NUMBER_TEXT } from '../../domain/messages';
import type { DashboardRow } from '../../schemas/dashboard';
import { DataList, type ListColumn } from '../components/DataList';
import { BookingStatusBadge } from '../components/StatusBadge';
import { useStores } from '../stores/StoresContext';
import { formatDateTime } from './format';
import { RowActions } from './RowActions';
import { detailPath } from './row-actions';

/**
 * The search's rows on the one list (issue 25): the booking number stays in view at the left and
 * the actions at the right while the columns between scroll inside the list's box; on a phone one
 * card per booking. A search covers the old rows with a spinner (SPEC §2).
 */
export const ResultsTable = observer(function ResultsTable() {
  const { dashboard } = useStores();
  const columns: ListColumn<DashboardRow>[] = [
    { header: 'Booking number', minW: '8rem', cell: (row) => <BookingNumberLink row={row} /> },
    { header: 'Order number', cell: (row) => row.BookingOrderId },
    { header: 'Order type', cell: (row) => row.BookingOrderTypeName },
    { header: 'Customer', cell: (row) => row.CustomerNameWithSCAC },
    { header: 'Location', cell: (row) => row.LocationName },
    { header: 'Size', cell: (row) => row.EquipmentSizeName },
    { header: 'Quantity', align: 'end', cell: (row) => row.Quantity },
    { header: 'Status', cell: (row) => <BookingStatusBadge code={row.StatusCode} /> },
    // Dates wrap (date, then time) within a floor so the columns between stay narrow.
    { header: 'Created', minW: '6.5rem', hideOnCard: true, cell: (row) => formatDateTime(row.CreatedAt) },
    { header: 'Updated', minW: '6.5rem', cell: (row) => formatDateTime(row.UpdatedAt) },
  ];
  return (
    <DataList
      label="Bookings"
      loadingLabel="Searching bookings"
      // The store replaces the array on every answer and live update: reading it here re-renders.
      rows={dashboard.rows}
      rowKey={(row) => row.BookingId}
      rowAttributes={(row) => ({ 'data-booking-id': row.BookingId })}
      columns={columns}
      actions={{ header: 'Actions', align: 'end', cell: (row) => <RowActions row={row} /> }}
      loading={dashboard.loading}
      empty={dashboard.applied ? 'No bookings to show.' : 'Search to see bookings.'}
    />
  );
});

/** The booking number opens the order's detail (issue 14); a pending one says it awaits review. */
function BookingNumberLink({ row }: { row: DashboardRow }) {
  return (
    <Link asChild color="blue.700" fontWeight="medium">
      <RouterLink to={detailPath(row.BookingOrderId, row.BookingOrderTypeCode)}>
        {row.BookingCode ?? (
          <Text as="span" fontStyle="italic">
            {PENDING_NUMBER_TEXT}
          </Text>
        )}
      </RouterLink>
    </Link>
  );
}
