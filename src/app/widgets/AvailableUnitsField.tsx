/**
 * availableUnits: once market, size and class are chosen, the units available per location (SPEC §3
 * AvailableUnits) with a units-requested input per row. Writes one row per location holding the
 * booking entry ui:options.bookingEntry names (CustomerBooking, DailyLeaseBooking).
 */
import { Box, Button, Heading, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { type AvailableUnit, buildRequestedUnits } from '../../domain/customer-booking';
import { getPath } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import type { AvailabilityQuery, AvailableLocation } from '../api/flows';
import { DataList } from '../components/DataList';
import { stampOf } from '../components/freshness';
import { stringOption, type WidgetContext, widgetContextOf } from './context';

type Row = AvailableUnit & Record<string, unknown>;

/** Where the query's fields sit in the flow data, unless ui:options.query says otherwise. */
const DEFAULT_QUERY = {
  CustomerId: 'Equipment.CustomerId',
  MarketCode: 'Equipment.MarketCode',
  EquipmentSize: 'Equipment.EquipmentSize',
  EquipmentClass: 'Equipment.EquipmentClass',
};

export function availabilityQuery(data: unknown, paths: Record<string, string> = DEFAULT_QUERY) {
  const read = (name: keyof typeof DEFAULT_QUERY) => getPath(data, paths[name] ?? DEFAULT_QUERY[name]);
  const [customer, market, size, equipmentClass] = [
    read('CustomerId'),
    read('MarketCode'),
    read('EquipmentSize'),
    read('EquipmentClass'),
  ];
  if (typeof market !== 'string' || typeof size !== 'string' || typeof equipmentClass !== 'string')
    return null;
  const query: AvailabilityQuery = {
    MarketCode: market,
    EquipmentSize: size,
    EquipmentClass: equipmentClass,
  };
  return typeof customer === 'number' ? { ...query, CustomerId: customer } : query;
}

export const requestedOf = (row: Row | undefined, entry: string): number =>
  Number((row?.[entry] as { UnitsRequestedCount?: number } | undefined)?.UnitsRequestedCount ?? 0);

/** One data row per location, in the table's order, keeping counts already entered. */
export const rowsFor = (
  locations: readonly AvailableLocation[],
  current: readonly Row[],
  entry: string,
): Row[] =>
  locations.map((loc) => ({
    LocationId: loc.LocationId,
    LocationName: loc.LocationName,
    Available: loc.Available,
    [entry]: {
      UnitsRequestedCount: requestedOf(
        current.find((r) => r.LocationId === loc.LocationId),
        entry,
      ),
    },
  }));

export const AvailableUnitsField = observer(function AvailableUnitsField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, registry, uiSchema, errorSchema } = props;
  const context = widgetContextOf(registry);
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const entry = stringOption(options, 'bookingEntry', 'CustomerBooking');
  const url = stringOption(options, 'availability');
  const query = availabilityQuery(context.flow.data, options.query as Record<string, string> | undefined);
  const key = query ? JSON.stringify(query) : '';
  const locations = query ? context.availability.rowsFor(url, query) : undefined;
  const current = (Array.isArray(formData) ? formData : []) as Row[];

  useEffect(() => {
    const q = key ? (JSON.parse(key) as AvailabilityQuery) : null;
    if (q && url) context.availability.load(url, q);
  }, [key, url, context.availability]);

  // A new market, size or class: rows of locations no longer listed go, counts of the others stay.
  const stale =
    locations !== undefined && current.some((r) => !locations.some((l) => l.LocationId === r.LocationId));
  useEffect(() => {
    if (stale && locations) onChange(rowsFor(locations, current, entry), fieldPathId.path);
  });

  const setCount = (locationId: number, raw: string) => {
    if (!locations) return;
    const count = raw.trim() === '' ? 0 : Number(raw);
    const rows = rowsFor(locations, current, entry).map((r) =>
      r.LocationId === locationId ? { ...r, [entry]: { UnitsRequestedCount: count } } : r,
    );
    onChange(rows, fieldPathId.path);
  };
  const most = Math.max(1, ...(locations ?? []).map((l) => l.Available));
  const title = typeof schema.title === 'string' ? schema.title : 'Units per location';
  const headingId = `${fieldPathId.$id}__title`;
  return (
    <Box as="section" id={fieldPathId.$id} aria-labelledby={headingId} tabIndex={-1}>
      <Heading as="h3" size="md" id={headingId} mb={3}>
        {title}
      </Heading>
      {!query && <Text color="fg.muted">Choose a market, equipment size and class to see availability.</Text>}
      {query && !locations && context.availability.isLoading(url, query) && (
        <Spinner role="status" aria-label="Loading availability" />
      )}
      {query && !locations && context.availability.hasFailed(url, query) && (
        <Text color="fg.error">Failed to fetch {context.flow.flow.title} Details</Text>
      )}
      {query && locations && <Freshness url={url} query={query} context={context} />}
      {locations?.length === 0 && <Text>No location in this market offers this equipment.</Text>}
      {locations && locations.length > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              <Table.ColumnHeader>Chassis available</Table.ColumnHeader>
              <Table.ColumnHeader>Units requested</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {locations.map((loc, i) => {
              const rowErrors = [
                ...((errorSchema?.[i] as { __errors?: string[] } | undefined)?.__errors ?? []),
                ...(((
                  errorSchema?.[i] as Record<string, { UnitsRequestedCount?: { __errors?: string[] } }>
                )?.[entry]?.UnitsRequestedCount?.__errors as string[] | undefined) ?? []),
              ];
              const inputId = `${fieldPathId.$id}_${i}_units`;
              const value = current.find((r) => r.LocationId === loc.LocationId);
              const requested = requestedOf(value, entry);
              // Said as it is typed, not only after Next: more than is there goes to review.
              const excess = excessText(requested, loc.Available);
              const notes = [...rowErrors, ...(excess && rowErrors.length === 0 ? [excess] : [])];
              return (
                <Table.Row key={loc.LocationId}>
                  <Table.Cell>{loc.LocationName}</Table.Cell>
                  <Table.Cell>
                    <AvailableBar available={loc.Available} most={most} />
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap={1}>
                      <Input
                        id={inputId}
                        type="number"
                        min={0}
                        inputMode="numeric"
                        size="sm"
                        width="24"
                        aria-label={`Units requested at ${loc.LocationName}`}
                        aria-invalid={rowErrors.length > 0 || undefined}
                        aria-describedby={notes.length > 0 ? `${inputId}__note` : undefined}
                        placeholder="0"
                        value={requested === 0 ? '' : String(requested)}
                        onChange={(e) => setCount(loc.LocationId, e.target.value)}
                      />
                      {notes.length > 0 && (
                        <Text
                          id={`${inputId}__note`}
                          fontSize="sm"
                          color={rowErrors.length > 0 ? 'fg.error' : 'fg.warning'}
                        >
                          {notes.join(' ')}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
});

/** Issue 14: what a request over the location's availability means, said while it is typed. */
export function excessText(requested: number, available: number): string | null {
  if (requested <= available) return null;
  return available === 0
    ? 'None available here now: this request will go to Customer Support for review.'
    : `${requested - available} more than the ${available} available: this request will go to Customer Support for review.`;
}

/** The number, and a bar of it against the best-stocked location (the number is what is read). */
function AvailableBar({ available, most }: { available: number; most: number }) {
  return (
    <HStack gap={2} minW="32">
      <Text as="span" minW="8" textAlign="end" fontVariantNumeric="tabular-nums">
        {available}
      </Text>
      <Box flex="1" h="2" bg="bg.emphasized" borderRadius="full" aria-hidden="true" overflow="hidden">
        <Box
          h="full"
          w={`${(available / most) * 100}%`}
          bg={available === 0 ? 'transparent' : 'green.solid'}
        />
      </Box>
    </HStack>
  );
}

/**
 * Issue 13: when the numbers were read ("Availability as of 10:42:07"), and a way to read them
 * again — others book the same yards while a request is being filled in.
 */
const Freshness = observer(function Freshness({
  url,
  query,
  context,
}: {
  url: string;
  query: AvailabilityQuery;
  context: WidgetContext;
}) {
  const asOf = context.availability.asOfFor(url, query);
  return (
    <HStack gap={3} mb={2} wrap="wrap">
      {asOf && (
        <Text
          fontSize="sm"
          color="fg.muted"
          role="status"
          aria-label="Availability freshness"
          data-as-of={asOf}
        >
          Availability as of {stampOf(asOf)}
        </Text>
      )}
      <Button
        size="xs"
        variant="outline"
        loading={context.availability.isLoading(url, query)}
        loadingText="Refresh availability"
        onClick={() => context.availability.load(url, query, true)}
      >
        Refresh availability
      </Button>
    </HStack>
  );
});

/** On the review step: the requested rows only (SPEC §4 customer booking), with location names. */
export const AvailableUnitsReview = observer(function AvailableUnitsReview({
  value,
  uiSchema,
  context,
}: ReviewProps) {
  const { lookups } = context as WidgetContext;
  const entry = stringOption(
    uiSchema['ui:options'] as Record<string, unknown>,
    'bookingEntry',
    'CustomerBooking',
  );
  const requested = buildRequestedUnits((Array.isArray(value) ? value : []) as Row[]);
  if (requested.length === 0) return <Text>No units requested.</Text>;
  const nameOf = (id: number) =>
    lookups.rows<{ LocationId: number; LocationName: string }>('locations').find((l) => l.LocationId === id)
      ?.LocationName ?? `Location ${id}`;
  // Issue 25: the one list — the location stays in view at desktop widths, a card per location on a phone.
  return (
    <DataList
      label="Units requested"
      rows={requested}
      rowKey={(row) => row.LocationId}
      columns={[
        { header: 'Location', cell: (row) => nameOf(row.LocationId) },
        { header: 'Chassis available', align: 'end', cell: (row) => row.Available ?? '—' },
        { header: 'Units requested', align: 'end', cell: (row) => requestedOf(row, entry) },
      ]}
    />
  );
});
