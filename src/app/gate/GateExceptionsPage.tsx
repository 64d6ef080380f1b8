import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { GATE_REVIEW_STATUSES, type GateException } from '../../schemas/gate-exceptions';
import { DataList, type ListColumn } from '../components/DataList';
import { PageSteps } from '../components/Paginator';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { type GateExceptionsStore, gateExceptionsStore } from './GateExceptionsStore';

const TONE = { Open: 'orange', Resolved: 'green', Dismissed: 'gray' } as const;

const gateColumns: ListColumn<GateException>[] = [
  { header: 'Chassis', cell: (row) => row.ChassisId },
  {
    header: 'Gate',
    minW: '12rem',
    cell: (row) => (
      <Stack gap={0}>
        <Text>
          {row.Kind === 'OutGate' ? 'Out-gate' : 'In-gate'} · {formatDateTime(row.EventTime)}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {row.LocationName}
          {row.BookingCode ? ` · booking ${row.BookingCode}` : ''}
          {row.Sender ? ` · ${row.Sender}` : ''}
        </Text>
      </Stack>
    ),
  },
  { header: 'Reason', minW: '14rem', cell: (row) => row.Reason },
  { header: 'Status', cell: (row) => <Badge colorPalette={TONE[row.Status]}>{row.Status}</Badge> },
];

const RowDecision = observer(function RowDecision({
  store,
  row,
}: {
  store: GateExceptionsStore;
  row: GateException;
}) {
  const acting = store.acting?.id === row.GateEventId ? store.acting : null;
  if (row.Status !== 'Open')
    return (
      <Text fontSize="sm">
        {row.ReviewNote} {row.ReviewedBy ? `(${row.ReviewedBy})` : ''}
      </Text>
    );
  if (!acting)
    return (
      <HStack gap={2} flexWrap="wrap">
        {row.CanResolve && (
          <Button size="xs" onClick={() => store.start(row.GateEventId, 'resolve')}>
            Resolve
          </Button>
        )}
        <Button size="xs" variant="outline" onClick={() => store.start(row.GateEventId, 'dismiss')}>
          Dismiss
        </Button>
      </HStack>
    );
  const label =
    acting.kind === 'resolve' ? `Booking number for ${row.ChassisId}` : `Reason to dismiss ${row.ChassisId}`;
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void store.submit();
      }}
    >
      <Stack gap={1} minW={{ base: '9rem', md: '14rem' }}>
        <Input
          size="xs"
          aria-label={label}
          placeholder={acting.kind === 'resolve' ? 'Booking number' : 'Reason'}
          value={acting.text}
          onChange={(e) => store.setActionText(e.target.value)}
          autoFocus
        />
        {acting.error && (
          <Text role="alert" fontSize="xs" color="fg.error">
            {acting.error}
          </Text>
        )}
        <HStack gap={2}>
          <Button size="xs" type="submit">
            {acting.kind === 'resolve' ? 'Pick up against it' : 'Dismiss'}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => store.cancel()}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
});

/** #/gate_exceptions (issue 31, staff): gate events that matched nothing or were flagged. */
const GateExceptionsPage = observer(function GateExceptionsPage({ title }: PageProps) {
  const store = gateExceptionsStore(useStores());
  useEffect(() => {
    if (!store.result) void store.load(1);
  }, [store]);
  const result = store.result;
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <form
          aria-label="Search gate exceptions"
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void store.load(1);
          }}
        >
          <HStack gap={3} flexWrap="wrap" alignItems="end">
            <Box flex="1" minW="12rem">
              <label htmlFor="gate-search">
                <Text fontSize="sm" mb={1}>
                  Chassis ID, booking, location or reason
                </Text>
              </label>
              <Input
                id="gate-search"
                value={store.search}
                onChange={(e) => store.setSearch(e.target.value)}
              />
            </Box>
            <Box minW="9rem">
              <label htmlFor="gate-status">
                <Text fontSize="sm" mb={1}>
                  Status
                </Text>
              </label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id="gate-status"
                  value={store.status}
                  onChange={(e) => store.setStatus(e.target.value as typeof store.status)}
                >
                  {GATE_REVIEW_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Button type="submit" loading={store.busy}>
              Search
            </Button>
          </HStack>
        </form>
        {store.error && (
          <Text role="alert" color="fg.error">
            {store.error}
          </Text>
        )}
        {store.done && <Text role="status">{store.done}</Text>}
        {result && (
          <Stack gap={3}>
            <Text role="status">
              {result.TotalCount === 0
                ? `No ${store.status === 'All' ? '' : `${store.status.toLowerCase()} `}gate exceptions${store.search.trim() ? ` match "${store.search.trim()}"` : ''}.`
                : `${result.TotalCount} gate exceptions; page ${store.page} of ${store.pageCount}.`}
            </Text>
            <DataList
              label="Gate exceptions"
              rows={result.ResultSet}
              rowKey={(row) => row.GateEventId}
              loading={store.busy}
              columns={gateColumns}
              actions={{
                header: 'Decision',
                minW: '14rem',
                cell: (row) => <RowDecision store={store} row={row} />,
              }}
            />
            <PageSteps
              page={store.page}
              pageCount={store.pageCount}
              busy={store.busy}
              onPage={(n) => void store.load(n)}
            />
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

export default GateExceptionsPage;
