import { DataList, List, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { lookupNames } from '../../stores/lookup-names';
import { useStores } from '../../stores/StoresContext';
import { formatDateTime } from '../format';

type Party = DashboardDetail['Customer'];
const party = (p: Party): string => p?.CustomerNameWithSCAC ?? '—';

/** The order as a whole: who, what, when, and the contact (SPEC §3). */
export const OrderSummary = observer(function OrderSummary({ detail }: { detail: DashboardDetail }) {
  const names = lookupNames(useStores().lookups);
  const items: Array<[string, ReactNode]> = [
    ['Order type', detail.BookingOrderTypeName],
    ['Status', detail.StatusName],
    ['Customer', party(detail.Customer)],
    ['Responsible party', party(detail.ResponsibleParty)],
    ['Motor carrier', party(detail.MotorCarrier)],
    ['Market', detail.MarketCode ? names.market(detail.MarketCode) : '—'],
    ['Total units', detail.TotalUnits],
    ['Created', formatDateTime(detail.CreatedAt)],
    ['Updated', formatDateTime(detail.UpdatedAt)],
    ['Contact', detail.ContactName ?? '—'],
    [
      'Emails',
      detail.EmailAddresses.length === 0 ? (
        '—'
      ) : (
        <List.Root key="emails" variant="plain">
          {detail.EmailAddresses.map((e) => (
            // A long address breaks anywhere rather than widening a phone's page (issue 14).
            <List.Item key={e} overflowWrap="anywhere">
              {e}
            </List.Item>
          ))}
        </List.Root>
      ),
    ],
  ];
  if (detail.BookingComment) items.push(['Comment', <Text key="c">{detail.BookingComment}</Text>]);
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label="Order">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="10rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
});
