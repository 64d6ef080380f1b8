import { Box, HStack, Link, Spinner, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Link as RouterLink } from 'react-router-dom';
import type { EquipmentCategoryRow } from '../../domain/lookups';
import { PENDING_NUMBER_TEXT } from '../../domain/messages';
import { bookingStatusName } from '../../domain/status-codes';
import type { DashboardRow } from '../../schemas/dashboard';
import { useStores } from '../stores/StoresContext';
import { formatDateTime } from './format';
import { RowActions } from './RowActions';
import { detailPath } from './row-actions';

/** Below Chakra's md breakpoint (48em) each booking is a card: a phone has no room for 11 columns. */
export const PHONE_QUERY = '(max-width: 47.99em)';

const COLUMNS = [
  'Booking number',
  'Order number',
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
  // Chosen in script, not CSS, so one of the two views is in the page (no doubled rows for readers).
  const [phone] = useMediaQuery([PHONE_QUERY], { ssr: false });
  return (
    <Box position="relative" minH="8rem" aria-busy={dashboard.loading}>
      {phone ? (
        <ResultCards sizes={sizes} />
      ) : (
        // Chakra's scroll area keeps every cell on one line; ours wrap (names, dates) so the table
        // fits a 1280 px window and the actions stay in view (issue 14).
        <Table.ScrollArea borderWidth="1px" rounded="md" whiteSpace="normal">
          <Table.Root size="sm" striped aria-label="Bookings">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader key={c} textAlign={c === 'Quantity' ? 'end' : undefined}>
                    {c}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end" {...STICKY_END}>
                  Actions
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {dashboard.rows.map((row) => (
                <ResultRow key={row.BookingId} row={row} sizeName={sizes.get(row.EquipmentSize)} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {!dashboard.loading && dashboard.rows.length === 0 && (
        <Text color="fg.muted" p={4}>
          {dashboard.applied ? 'No bookings to show.' : 'Search to see bookings.'}
        </Text>
      )}
      {dashboard.loading && <SearchOverlay />}
    </Box>
  );
});

/**
 * The actions column stays in view at the table's right edge even when a narrow window makes the
 * table scroll sideways (issue 14: Edit/View/Load were off screen at 1280 px).
 */
const STICKY_END = { position: 'sticky', insetInlineEnd: 0, bg: 'bg', zIndex: 1 } as const;

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

function ResultRow({ row, sizeName }: { row: DashboardRow; sizeName: string | undefined }) {
  return (
    <Table.Row data-booking-id={row.BookingId}>
      <Table.Cell>
        <BookingNumberLink row={row} />
      </Table.Cell>
      <Table.Cell>{row.BookingOrderId}</Table.Cell>
      <Table.Cell>{row.BookingOrderTypeName}</Table.Cell>
      <Table.Cell>{row.CustomerNameWithSCAC}</Table.Cell>
      <Table.Cell>{row.LocationName}</Table.Cell>
      <Table.Cell>{sizeName ?? row.EquipmentSize}</Table.Cell>
      <Table.Cell textAlign="end">{row.Quantity}</Table.Cell>
      <Table.Cell>{bookingStatusName(row.StatusCode)}</Table.Cell>
      {/* Dates may wrap (date, then time) so the table fits a 1280 px window without scrolling. */}
      <Table.Cell minW="6.5rem">{formatDateTime(row.CreatedAt)}</Table.Cell>
      <Table.Cell minW="6.5rem">{formatDateTime(row.UpdatedAt)}</Table.Cell>
      <Table.Cell {...STICKY_END}>
        <RowActions row={row} />
      </Table.Cell>
    </Table.Row>
  );
}

/** On a phone: one card per booking, the same facts and actions as a table row. */
const ResultCards = observer(function ResultCards({ sizes }: { sizes: Map<string, string> }) {
  const { dashboard } = useStores();
  return (
    <Stack as="ul" aria-label="Bookings" gap={3} listStyleType="none">
      {dashboard.rows.map((row) => (
        <Box as="li" key={row.BookingId} data-booking-id={row.BookingId} borderWidth="1px" rounded="md" p={3}>
          <HStack justify="space-between" align="start" gap={2}>
            <Stack gap={0}>
              <BookingNumberLink row={row} />
              <Text fontSize="sm" color="fg.muted">
                Order {row.BookingOrderId} · {row.BookingOrderTypeName}
              </Text>
            </Stack>
            <Text fontSize="sm" fontWeight="semibold">
              {bookingStatusName(row.StatusCode)}
            </Text>
          </HStack>
          <Text fontSize="sm">{row.CustomerNameWithSCAC}</Text>
          <Text fontSize="sm">
            {row.Quantity} × {sizes.get(row.EquipmentSize) ?? row.EquipmentSize} at {row.LocationName}
          </Text>
          <HStack justify="space-between" align="center">
            <Text fontSize="xs" color="fg.muted">
              Updated {formatDateTime(row.UpdatedAt)}
            </Text>
            <RowActions row={row} />
          </HStack>
        </Box>
      ))}
    </Stack>
  );
});

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
      <Spinner size="lg" role="status" aria-label="Searching bookings" />
    </Box>
  );
}
