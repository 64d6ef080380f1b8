import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import type { LocationRow, MarketRow } from '../../domain/lookups';
import { filterLocationsByMarket } from '../../domain/lookups';
import { BookingStatus, PENDING_STATUS_CODES } from '../../domain/status-codes';
import { orderTypeOptions } from '../components/order-type-options';
import { useStores } from '../stores/StoresContext';
import { pendingQueueStore } from './PendingQueueStore';
import type { PendingFormField } from './pending-form';

type Option = { value: string; label: string };

/** SPEC §5: the pending statuses offered are only PN, CN, FF (waiting, rejected, accepted). */
const STATUS_MEANING: Record<string, string> = { PN: 'waiting', CN: 'rejected', FF: 'accepted' };
const STATUS_OPTIONS: Option[] = PENDING_STATUS_CODES.map((c) => ({
  value: c,
  label: `${BookingStatus[c]} (${STATUS_MEANING[c] ?? c})`,
}));

/** The queue's search (SPEC §7 POST /search): every criterion optional; the open queue by default. */
export const PendingSearchForm = observer(function PendingSearchForm() {
  const root = useStores();
  const { lookups } = root;
  const queue = pendingQueueStore(root);
  const form = queue.form;
  const markets = lookups.rows<MarketRow>('locationmarkets');
  const all = lookups.rows<LocationRow>('locations');
  const locations = form.MarketCode ? filterLocationsByMarket(all, form.MarketCode) : all;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void queue.search();
  };
  const text = (
    field: PendingFormField,
    label: string,
    extra: { type?: string; placeholder?: string } = {},
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type={extra.type ?? 'text'}
        placeholder={extra.placeholder}
        value={form[field]}
        onChange={(e) => queue.setField(field, e.target.value)}
      />
    </Field.Root>
  );
  const select = (field: PendingFormField, label: string, options: Option[], any = 'Any') => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={form[field]} onChange={(e) => queue.setField(field, e.target.value)}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  return (
    <form onSubmit={submit} aria-label="Search pending requests" noValidate>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
        {select(
          'RequestTypeCode',
          'Request type',
          queue.requestTypes.map((t) => ({ value: t.Code, label: t.Name })),
        )}
        {select(
          'FailureCode',
          'Failure',
          queue.failures.map((f) => ({ value: f.Code, label: f.Name })),
        )}
        {select('BookingPendingStatus', 'Pending status', STATUS_OPTIONS, 'Pending (waiting)')}
        {text('CustomerName', 'Customer', {
          placeholder: `Name or SCAC, ${queue.minSearchTextLength}+ characters`,
        })}
        {select(
          'MarketCode',
          'Market',
          markets.map((m) => ({ value: m.MarketCode, label: `${m.MarketCode} – ${m.MarketName}` })),
        )}
        {select(
          'LocationId',
          'Location',
          locations.map((l) => ({ value: String(l.LocationId), label: l.LocationName })),
        )}
        {select('BookingOrderTypeCode', 'Order type', orderTypeOptions(lookups))}
        {text('BookingCode', 'Booking or order number')}
        {text('CreatedFrom', 'Created from', { type: 'date' })}
        {text('CreatedTo', 'Created to', { type: 'date' })}
      </SimpleGrid>
      {queue.formError && (
        <Text color="fg.error" mt={2} role="alert">
          {queue.formError}
        </Text>
      )}
      <HStack mt={3} gap={2}>
        <Button type="submit" colorPalette="blue" size="sm" loading={queue.loading} loadingText="Searching">
          Search
        </Button>
      </HStack>
    </form>
  );
});
