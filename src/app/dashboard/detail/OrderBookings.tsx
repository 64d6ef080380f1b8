import { Table } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { PENDING_NUMBER_TEXT } from '../../../domain/messages';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { lookupNames } from '../../stores/lookup-names';
import { useStores } from '../../stores/StoresContext';

const COLUMNS = [
  'Booking number',
  'Status',
  'Size',
  'Class',
  'Requested',
  'Fulfilled',
  'Location',
  'To',
  'Chassis',
];

/** Every booking of the order with its quantities and status. */
export const OrderBookings = observer(function OrderBookings({ detail }: { detail: DashboardDetail }) {
  const names = lookupNames(useStores().lookups);
  return (
    // On a phone the table scrolls sideways: keyboard users reach it (focusable, named region).
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label="Bookings of the order, scrolls sideways"
    >
      <Table.Root size="sm" aria-label="Bookings of the order">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detail.Bookings.map((b) => (
            <Table.Row key={b.BookingId}>
              <Table.Cell fontWeight="medium">{b.BookingCode ?? PENDING_NUMBER_TEXT}</Table.Cell>
              <Table.Cell>{b.StatusName}</Table.Cell>
              <Table.Cell>{b.EquipmentSizeDescription || b.EquipmentSize}</Table.Cell>
              <Table.Cell>{b.EquipmentClass ? names.equipmentClass(b.EquipmentClass) : '—'}</Table.Cell>
              <Table.Cell>{b.UnitsRequestedCount}</Table.Cell>
              <Table.Cell>{b.UnitsFulfilledCount}</Table.Cell>
              <Table.Cell>{b.Location.LocationName}</Table.Cell>
              <Table.Cell>{b.ToLocation?.LocationName ?? '—'}</Table.Cell>
              <Table.Cell>{b.Chassis.length ? b.Chassis.join(', ') : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});
