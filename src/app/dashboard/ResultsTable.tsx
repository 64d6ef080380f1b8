import { Box, Spinner, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { EquipmentCategoryRow } from '../../domain/lookups';
import { bookingStatusName } from '../../domain/status-codes';
import type { DashboardRow } from '../../schemas/dashboard';
import { useStores } from '../stores/StoresContext';
import { formatDateTime } from './format';
import { RowActions } from './RowActions';

/** SPEC §3: a booking waiting for review has no number yet. */
export const PENDING_NUMBER_TEXT = 'Pending';

const COLUMNS = [
  'Booking number',
  'Order type',
  'Customer',
  'Location',
  'Size',
  'Quantity',
  'Status',
  'Created',
  'Updated',
] as const;

/** The search's rows, with SPEC §2's spinner overlay over them while a search runs. */
export const ResultsTable = observer(function ResultsTable() {
  const { dashboard, lookups } = useStores();
  const sizes = new Map(
    lookups
      .rows<EquipmentCategoryRow>('equipmentCategories')
      .map((c) => [c.EquipmentCategoryCode, c.EquipmentCategoryDescription]),
  );
  return (
    <Box position="relative" minH="8rem" aria-busy={dashboard.loading}>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped aria-label="Bookings">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((c) => (
                <Table.ColumnHeader key={c} textAlign={c === 'Quantity' ? 'end' : undefined}>
                  {c}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {dashboard.rows.map((row) => (
              <ResultRow key={row.BookingId} row={row} sizeName={sizes.get(row.EquipmentSize)} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {!dashboard.loading && dashboard.rows.length === 0 && (
        <Text color="fg.muted" p={4}>
          {dashboard.applied ? 'No bookings to show.' : 'Search to see bookings.'}
        </Text>
      )}
      {dashboard.loading && <SearchOverlay />}
    </Box>
  );
});

function ResultRow({ row, sizeName }: { row: DashboardRow; sizeName: string | undefined }) {
  return (
    <Table.Row data-booking-id={row.BookingId}>
      <Table.Cell fontWeight="medium">{row.BookingCode ?? PENDING_NUMBER_TEXT}</Table.Cell>
      <Table.Cell>{row.BookingOrderTypeName}</Table.Cell>
      <Table.Cell>{row.CustomerNameWithSCAC}</Table.Cell>
      <Table.Cell>{row.LocationName}</Table.Cell>
      <Table.Cell>{sizeName ?? row.EquipmentSize}</Table.Cell>
      <Table.Cell textAlign="end">{row.Quantity}</Table.Cell>
      <Table.Cell>{bookingStatusName(row.StatusCode)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(row.CreatedAt)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(row.UpdatedAt)}</Table.Cell>
      <Table.Cell>
        <RowActions row={row} />
      </Table.Cell>
    </Table.Row>
  );
}

/** Covers the results (not the form) so the user sees the old rows are being replaced. */
function SearchOverlay() {
  return (
    <Box
      position="absolute"
      inset={0}
      bg="bg/70"
      display="flex"
      alignItems="center"
      justifyContent="center"
      zIndex={1}
      rounded="md"
    >
      <Spinner size="lg" aria-label="Searching bookings" />
    </Box>
  );
}
