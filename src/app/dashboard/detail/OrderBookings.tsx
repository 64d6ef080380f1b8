import { Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { PENDING_NUMBER_TEXT } from '../../../domain/messages';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { DataList } from '../../components/DataList';
import { BookingStatusBadge } from '../../components/StatusBadge';
import { lookupNames } from '../../stores/lookup-names';
import { useStores } from '../../stores/StoresContext';

type Booking = DashboardDetail['Bookings'][number];

/** Every booking of the order with its quantities and status (issue 25: the shared list, cards on a phone). */
export const OrderBookings = observer(function OrderBookings({ detail }: { detail: DashboardDetail }) {
  const names = lookupNames(useStores().lookups);
  return (
    <DataList<Booking>
      label="Bookings of the order"
      rows={detail.Bookings}
      rowKey={(b) => b.BookingId}
      columns={[
        {
          header: 'Booking number',
          cell: (b) => <Text fontWeight="medium">{b.BookingCode ?? PENDING_NUMBER_TEXT}</Text>,
        },
        { header: 'Size', cell: (b) => b.EquipmentSizeDescription || names.size(b.EquipmentSize) },
        { header: 'Class', cell: (b) => (b.EquipmentClass ? names.equipmentClass(b.EquipmentClass) : '—') },
        { header: 'Requested', align: 'end', cell: (b) => b.UnitsRequestedCount },
        { header: 'Fulfilled', align: 'end', cell: (b) => b.UnitsFulfilledCount },
        { header: 'Location', minW: '9rem', cell: (b) => b.Location.LocationName },
        { header: 'To', cell: (b) => b.ToLocation?.LocationName ?? '—' },
        {
          header: 'Chassis',
          minW: '8rem',
          cell: (b) => <Text overflowWrap="anywhere">{b.Chassis.length ? b.Chassis.join(', ') : '—'}</Text>,
        },
      ]}
      actions={{ header: 'Status', cell: (b) => <BookingStatusBadge code={b.StatusCode} /> }}
    />
  );
});
