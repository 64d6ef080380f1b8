import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, useMediaQuery } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, type ReactNode, useState } from 'react';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type { EquipmentCategoryRow, LocationRow, MarketRow } from '../../domain/lookups';
import { filterLocationsByMarket, visibleEquipmentCategories } from '../../domain/lookups';
import { BookingStatus, NEW_STATUS_FILTER } from '../../domain/status-codes';
import { DASHBOARD_CRITERIA_FIELDS } from '../../schemas/dashboard';
import { PHONE_QUERY } from '../components/DataList';
import { orderTypeOptions } from '../components/order-type-options';
import { useStores } from '../stores/StoresContext';
import type { SearchField } from './criteria';
import { Hint } from './Hint';
import { ActionIcon } from './icons';

type Option = { value: string; label: string };

const STATUS_OPTIONS: Option[] = [
  ...Object.entries(BookingStatus).map(([value, label]) => ({ value, label })),
  { value: NEW_STATUS_FILTER, label: 'New' },
];

/** Shown first on a phone; the other criteria fold under "More filters" (issue 14). */
const FIRST_FIELDS: readonly SearchField[] = ['BookingCode', 'BookingOrderTypeCode', 'StatusCode'];

/** SPEC §2/§5 dashboard search: every criterion optional, at least one needed. */
export const SearchForm = observer(function SearchForm() {
  const { dashboard, lookups } = useStores();
  const form = dashboard.form;
  const [phone] = useMediaQuery([PHONE_QUERY], { ssr: false });
  const [unfolded, setUnfolded] = useState(false);
  const folded = DASHBOARD_CRITERIA_FIELDS.filter(
    (f) => !FIRST_FIELDS.includes(f) && (dashboard.staff || f !== 'CustomerName'),
  );
  const foldedSet = folded.filter((f) => form[f] !== '').length;
  // A criterion the server refused is never hidden.
  const showAll = !phone || unfolded || folded.includes(dashboard.formError?.field as SearchField);
  const markets = lookups.rows<MarketRow>('locationmarkets');
  const allLocations = lookups.rows<LocationRow>('locations');
  const locations = form.MarketCode ? filterLocationsByMarket(allLocations, form.MarketCode) : allLocations;
  const sizes = visibleEquipmentCategories(lookups.rows<EquipmentCategoryRow>('equipmentCategories'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void dashboard.search();
  };
  const text = (field: SearchField, label: string, extra: { type?: string; placeholder?: string } = {}) => (
    <Cell field={field} label={label}>
      <Input
        type={extra.type ?? 'text'}
        placeholder={extra.placeholder}
        value={form[field]}
        onChange={(e) => dashboard.setField(field, e.target.value)}
      />
    </Cell>
  );
  const select = (field: SearchField, label: string, options: Option[], any = 'Any') => (
    <Cell field={field} label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field value={form[field]} onChange={(e) => dashboard.setField(field, e.target.value)}>
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Cell>
  );
  return (
    <form onSubmit={submit} aria-label="Search bookings" noValidate>
      <SimpleGrid id="search-bookings-fields" columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
        {text('BookingCode', 'Booking number')}
        {select('BookingOrderTypeCode', 'Order type', orderTypeOptions(lookups))}
        {select('StatusCode', 'Status', STATUS_OPTIONS)}
        {showAll &&
          dashboard.staff &&
          text('CustomerName', 'Customer', {
            placeholder: `Name or SCAC, ${MIN_SEARCH_TEXT_LENGTH}+ characters`,
          })}
        {showAll && (
          <>
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
            {select(
              'EquipmentSize',
              'Equipment size',
              sizes.map((s) => ({ value: s.EquipmentCategoryCode, label: s.EquipmentCategoryDescription })),
            )}
            {text('ChassisId', 'Chassis ID', { placeholder: 'e.g. PLCZ123456' })}
            {text('CreatedFrom', 'Created from', { type: 'date' })}
            {text('CreatedTo', 'Created to', { type: 'date' })}
            {text('UpdatedFrom', 'Updated from', { type: 'date' })}
            {text('UpdatedTo', 'Updated to', { type: 'date' })}
          </>
        )}
      </SimpleGrid>
      {phone && (
        <Button
          type="button"
          variant="plain"
          size="sm"
          mt={2}
          px={0}
          aria-expanded={showAll}
          aria-controls="search-bookings-fields"
          onClick={() => setUnfolded(!showAll)}
        >
          {showAll ? 'Fewer filters' : `More filters${foldedSet > 0 ? ` (${foldedSet} set)` : ''}`}
        </Button>
      )}
      <HStack mt={3} gap={2}>
        <Hint label="Search">
          <Button
            type="submit"
            colorPalette="blue"
            size="sm"
            loading={dashboard.loading}
            loadingText="Searching"
          >
            <ActionIcon name="search" />
            Search
          </Button>
        </Hint>
        <Button type="button" variant="outline" size="sm" onClick={() => dashboard.clearForm()}>
          Clear
        </Button>
      </HStack>
    </form>
  );
});

const Cell = observer(function Cell({
  field,
  label,
  children,
}: {
  field: SearchField;
  label: string;
  children: ReactNode;
}) {
  const { dashboard } = useStores();
  const error = dashboard.formError?.field === field ? dashboard.formError.message : null;
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
});
