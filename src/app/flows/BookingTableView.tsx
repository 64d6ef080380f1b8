import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { PENDING_NUMBER_TEXT } from '../../domain/messages';
import { bookingStatusName } from '../../domain/status-codes';
import type { ConfirmViewProps } from '../../engine/react/confirm-views';
import { lookupNames } from '../stores/lookup-names';
import type { WidgetContext } from '../widgets/context';

/** Confirm view "bookingTable": the bookings of the submitted order, numbered once confirmed (SPEC §4). */
export function BookingTableView({ result, context }: ConfirmViewProps) {
  const names = lookupNames((context as Partial<WidgetContext>).lookups);
  return (
    <Stack gap={4}>
      <Heading as="h3" size="md">
        Bookings of order {result.BookingOrderId}
      </Heading>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Booking number</Table.ColumnHeader>
            <Table.ColumnHeader>Location</Table.ColumnHeader>
            <Table.ColumnHeader>Equipment</Table.ColumnHeader>
            <Table.ColumnHeader>Units</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {result.Bookings.map((b) => (
            <Table.Row key={b.BookingId}>
              <Table.Cell>{b.BookingCode ?? PENDING_NUMBER_TEXT}</Table.Cell>
              {/* Issue 25: a reposition's bookings share the origin; each row says where it goes. */}
              <Table.Cell>
                {b.ToLocationName ? `${b.LocationName} → ${b.ToLocationName}` : b.LocationName}
              </Table.Cell>
              <Table.Cell>
                {names.size(b.EquipmentSize)} {names.equipmentClass(b.EquipmentClass)}
              </Table.Cell>
              <Table.Cell>{b.UnitsRequestedCount}</Table.Cell>
              <Table.Cell>{bookingStatusName(b.BookingStatusCode)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {result.Bookings.length === 0 && <Text>No bookings were created.</Text>}
    </Stack>
  );
}
