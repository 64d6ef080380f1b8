import { Badge, Box, Button, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EXTENDABLE_FILTER_VALUES } from '../../domain/constants';
import {
  filterLocationsByMarket,
  type InventoryOrgRow,
  type LocationRow,
  type MarketRow,
  providerManagedOrgs,
} from '../../domain/lookups';
import type { AvailabilityRow } from '../../schemas/inventory-availability';
import { DataList, type ListColumn } from '../components/DataList';
import { chassisSizes, SelectField } from '../components/fields';
import { canSee } from '../layout/menu-model';
import { AREA_ROUTES, type PageProps } from '../routes';
import { lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { LocationBars, MarketTrend } from './AvailabilityCharts';
import { inventoryAvailabilityStore } from './InventoryAvailabilityStore';

type CodeName = { Code: string; Name: string };

/** #/inventory_availability/request: what is available where, live through the hub. */
const InventoryAvailabilityPage = observer(function InventoryAvailabilityPage({ title }: PageProps) {
  const root = useStores();
  const { lookups, hub } = root;
  const store = inventoryAvailabilityStore(root);
  const firstMarket = lookups.rows<MarketRow>('locationmarkets')[0]?.MarketCode;
  useEffect(() => {
    void store.open(firstMarket);
  }, [store, firstMarket]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <HStack gap={2}>
            {store.stamp && (
              <Text
                fontSize="sm"
                role="status"
                aria-live="polite"
                aria-label="Freshness"
                data-as-of={store.asOf ?? undefined}
              >
                {store.stamp}
              </Text>
            )}
            <Badge colorPalette={hub.state === 'live' ? 'green' : 'gray'}>
              {hub.state === 'live' ? 'Live' : 'Not live'}
            </Badge>
          </HStack>
        </HStack>
        <AvailabilityFilter />
        {store.error && (
          <Text color="fg.error" role="alert">
            {store.error}
          </Text>
        )}
        {!store.applied && !store.loading && <Text color="fg.muted">Choose a market or a location.</Text>}
        {store.applied && (
          <>
            <SimpleGrid columns={{ base: 1, xl: 2 }} gap={4}>
              <LocationBars bars={store.bars} />
              <MarketTrend trend={store.trend} />
            </SimpleGrid>
            <AvailabilityTable />
          </>
        )}
      </Stack>
    </Box>
  );
});

const AvailabilityFilter = observer(function AvailabilityFilter() {
  const root = useStores();
  const { lookups } = root;
  const store = inventoryAvailabilityStore(root);
  const f = store.filter;
  const orgs = providerManagedOrgs(lookups.rows<InventoryOrgRow>('inventoryAvailabilityInventoryOrgs'));
  const markets = lookups.rows<MarketRow>('locationmarkets');
  const all = lookups.rows<LocationRow>('locations');
  const locations = f.MarketCode ? filterLocationsByMarket(all, f.MarketCode) : all;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.search();
  };
  return (
    <form onSubmit={submit} aria-label="Filter availability" noValidate>
      <SimpleGrid columns={{ base: 1, sm: 3, lg: 6 }} gap={3}>
        <SelectField
          label="Inventory org"
          any="All provider-managed"
          value={f.InventoryOrgCode}
          options={orgs.map((o) => ({ value: o.InventoryOrgCode, label: o.InventoryOrgCode }))}
          onChange={(v) => store.setFilter('InventoryOrgCode', v)}
        />
        <SelectField
          label="Market"
          any="Choose a market"
          value={f.MarketCode}
          options={markets.map((m) => ({ value: m.MarketCode, label: `${m.MarketCode} – ${m.MarketName}` }))}
          onChange={(v) => store.setFilter('MarketCode', v)}
        />
        <SelectField
          label="Location"
          any="All locations"
          value={f.LocationId}
          options={locations.map((l) => ({ value: String(l.LocationId), label: l.LocationName }))}
          onChange={(v) => store.setFilter('LocationId', v)}
        />
        <SelectField
          label="Size"
          any="All sizes"
          value={f.EquipmentSize}
          options={chassisSizes(lookups.rows('equipmentCategories'))}
          onChange={(v) => store.setFilter('EquipmentSize', v)}
        />
        <SelectField
          label="Class"
          any="All classes"
          value={f.EquipmentClass}
          options={lookups.rows<CodeName>('equipmentClasses').map((c) => ({ value: c.Code, label: c.Code }))}
          onChange={(v) => store.setFilter('EquipmentClass', v)}
        />
        <SelectField
          label="Extendable"
          value={f.Extendable}
          options={EXTENDABLE_FILTER_VALUES.map((v) => ({ value: v, label: v }))}
          onChange={(v) => store.setFilter('Extendable', v)}
        />
      </SimpleGrid>
      <HStack mt={3} gap={2}>
        <Button type="submit" size="sm" colorPalette="blue" loading={store.loading} loadingText="Reading">
          Show availability
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!store.applied}
          loading={store.exporting}
          onClick={() => void store.exportTable()}
        >
          Download to spreadsheet
        </Button>
      </HStack>
    </form>
  );
});

/** docs/decisions.md "Inventory booking": staff book a customer's units from a row of this table. */
const INVENTORY_BOOKING = AREA_ROUTES.find((r) => r.flowId === 'inventory-booking');

/** The inventory booking of a row: its market and size, and the class the filter chose. */
function bookingLink(row: { MarketCode: string; EquipmentSize: string }, equipmentClass: string): string {
  const query = new URLSearchParams({ market: row.MarketCode, size: row.EquipmentSize });
  if (equipmentClass) query.set('class', equipmentClass);
  return `${INVENTORY_BOOKING?.path}?${query}`;
}

const AvailabilityTable = observer(function AvailabilityTable() {
  const root = useStores();
  const { session, lookups } = root;
  const store = inventoryAvailabilityStore(root);
  const canBook = INVENTORY_BOOKING !== undefined && canSee(session.permissions, INVENTORY_BOOKING);
  const names = lookupNames(lookups);
  const count = (header: string, pick: (r: AvailabilityRow) => number): ListColumn<AvailabilityRow> => ({
    header,
    align: 'end',
    cell: pick,
  });
  return (
    <DataList
      label="Availability by location and size"
      rows={store.rows}
      rowKey={(r) => `${r.LocationId}|${r.EquipmentSize}`}
      loading={store.loading}
      empty={store.applied ? 'No locations hold these units. Choose another market or size.' : null}
      columns={[
        { header: 'Location', minW: '10rem', cell: (r) => r.LocationName },
        { header: 'Market', cell: (r) => names.market(r.MarketCode) },
        { header: 'Size', cell: (r) => names.size(r.EquipmentSize) },
        count('In yard', (r) => r.InYard),
        count('Held', (r) => r.Held),
        count('Reserved', (r) => r.Reserved),
        count('Pending', (r) => r.Pending),
        {
          header: 'Available',
          align: 'end',
          cell: (r) => (
            <Text as="span" fontWeight="semibold">
              {r.Available}
            </Text>
          ),
        },
      ]}
      actions={
        canBook
          ? {
              header: 'Book',
              cell: (r) => (
                <Link asChild variant="underline">
                  <RouterLink
                    to={bookingLink(r, store.applied?.EquipmentClass ?? '')}
                    aria-label={`Book ${names.size(r.EquipmentSize)} at ${r.LocationName}`}
                  >
                    Book
                  </RouterLink>
                </Link>
              ),
            }
          : undefined
      }
    />
  );
});

export default InventoryAvailabilityPage;
