import { Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import type { EquipmentCategoryRow, MarketRow } from '../../domain/lookups';
import { visibleEquipmentCategories } from '../../domain/lookups';
import type { Threshold } from '../../schemas/weekly-threshold';
import { DataList } from '../components/DataList';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { weeklyThresholdStore } from './WeeklyThresholdStore';

/** #/weekly_threshold/request: customers' weekly booking caps (SPEC §1 customer booking threshold). */
const WeeklyThresholdPage = observer(function WeeklyThresholdPage({ title }: PageProps) {
  const store = weeklyThresholdStore(useStores());
  useEffect(() => {
    void store.open();
  }, [store]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.search();
  };
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          A booking that would take a customer past a cap this week (Monday 00:00 UTC to Sunday) goes to the
          pending queue. A change applies to the next booking submitted.
        </Text>
        <form onSubmit={submit} aria-label="Search thresholds">
          <HStack align="end" gap={2}>
            <Field.Root maxW="24rem">
              <Field.Label>Customer</Field.Label>
              <Input
                value={store.customerText}
                placeholder="Name or SCAC, 2+ characters"
                onChange={(e) => store.setCustomerText(e.target.value)}
              />
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="blue" loading={store.loading} loadingText="Search">
              Search
            </Button>
            {store.canCreate && (
              <Button size="sm" variant="outline" onClick={() => store.startAdd()}>
                Add threshold
              </Button>
            )}
          </HStack>
        </form>
        {store.draft && <ThresholdForm />}
        <ThresholdTable />
      </Stack>
    </Box>
  );
});

const ThresholdForm = observer(function ThresholdForm() {
  const root = useStores();
  const { lookups } = root;
  const store = weeklyThresholdStore(root);
  const d = store.draft;
  if (!d) return null;
  const markets = lookups.rows<MarketRow>('locationmarkets');
  const sizes = visibleEquipmentCategories(lookups.rows<EquipmentCategoryRow>('equipmentCategories'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.save();
  };
  const adding = d.ThresholdId === null;
  return (
    <form onSubmit={submit} aria-label={adding ? 'Add threshold' : 'Change threshold'} noValidate>
      <Stack gap={3} borderWidth="1px" rounded="md" p={3}>
        {adding ? (
          <HStack align="end" gap={2} wrap="wrap">
            <Field.Root maxW="20rem">
              <Field.Label>Find customer</Field.Label>
              <Input
                value={d.CustomerNameWithSCAC}
                onChange={(e) => void store.findCustomers(e.target.value)}
              />
            </Field.Root>
            <Field.Root maxW="24rem">
              <Field.Label>Customer</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={d.CustomerId === null ? '' : String(d.CustomerId)}
                  onChange={(e) => store.chooseCustomer(Number(e.target.value))}
                >
                  <option value="">Choose…</option>
                  {store.customerOptions.map((c) => (
                    <option key={c.CustomerId} value={c.CustomerId}>
                      {c.CustomerNameWithSCAC}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </HStack>
        ) : (
          <Text fontWeight="medium">{d.CustomerNameWithSCAC}</Text>
        )}
        <HStack align="end" gap={2} wrap="wrap">
          <Field.Root maxW="16rem">
            <Field.Label>Market</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={d.MarketCode}
                onChange={(e) => store.setDraft('MarketCode', e.target.value)}
              >
                <option value="">All markets</option>
                {markets.map((m) => (
                  <option key={m.MarketCode} value={m.MarketCode}>
                    {m.MarketCode} – {m.MarketName}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="16rem">
            <Field.Label>Equipment size</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={d.EquipmentSize}
                onChange={(e) => store.setDraft('EquipmentSize', e.target.value)}
              >
                <option value="">All sizes</option>
                {sizes.map((s) => (
                  <option key={s.EquipmentCategoryCode} value={s.EquipmentCategoryCode}>
                    {s.EquipmentCategoryDescription}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="10rem" invalid={!!store.draftError}>
            <Field.Label>Units a week</Field.Label>
            <Input
              inputMode="numeric"
              value={d.WeeklyLimit}
              onChange={(e) => store.setDraft('WeeklyLimit', e.target.value)}
            />
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="blue">
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => store.cancelDraft()}>
            Cancel
          </Button>
        </HStack>
        {store.draftError && (
          <Text color="fg.error" role="alert">
            {store.draftError}
          </Text>
        )}
      </Stack>
    </form>
  );
});

const ThresholdTable = observer(function ThresholdTable() {
  const root = useStores();
  const { lookups } = root;
  const store = weeklyThresholdStore(root);
  const names = lookupNames(lookups);
  return (
    <Stack gap={2}>
      {store.totalCount > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {store.totalCount} threshold{store.totalCount === 1 ? '' : 's'}
        </Text>
      )}
      <DataList
        label="Weekly thresholds"
        rows={store.rows}
        rowKey={(r) => r.ThresholdId}
        rowAttributes={(r) => ({ 'data-threshold-id': r.ThresholdId })}
        loading={store.loading}
        empty={store.searched ? 'No thresholds match this search. Clear the customer to see all.' : null}
        columns={[
          {
            header: 'Customer',
            minW: '12rem',
            cell: (r) => <Text fontWeight="medium">{r.CustomerNameWithSCAC}</Text>,
          },
          { header: 'Market', cell: (r) => (r.MarketCode ? names.market(r.MarketCode) : 'All markets') },
          {
            header: 'Equipment size',
            cell: (r) => (r.EquipmentSize ? names.size(r.EquipmentSize) : 'All sizes'),
          },
          { header: 'Units a week', align: 'end', cell: (r) => r.WeeklyLimit },
          { header: 'Booked this week', align: 'end', cell: (r) => r.UsedThisWeek },
          {
            header: 'Changed',
            minW: '9rem',
            cell: (r) => (
              <Text fontSize="xs">
                {r.ModifiedBy ?? 'System'}, {formatDateTime(r.ModifiedAt)}
              </Text>
            ),
          },
        ]}
        actions={
          store.canUpdate || store.canDelete
            ? { header: 'Actions', minW: '9rem', cell: (r) => <ThresholdActions row={r} /> }
            : undefined
        }
      />
    </Stack>
  );
});

const ThresholdActions = observer(function ThresholdActions({ row: r }: { row: Threshold }) {
  const store = weeklyThresholdStore(useStores());
  const notice = store.rowNotices.get(r.ThresholdId);
  return (
    <Stack gap={1}>
      <HStack gap={1}>
        {store.canUpdate && (
          <Button
            size="2xs"
            variant="outline"
            aria-label={`Change threshold ${r.ThresholdId}`}
            onClick={() => store.startEdit(r)}
          >
            Change
          </Button>
        )}
        {store.canDelete && (
          <Button
            size="2xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Remove threshold ${r.ThresholdId}`}
            onClick={() => void store.remove(r)}
          >
            Remove
          </Button>
        )}
      </HStack>
      {notice && (
        <Text fontSize="xs" color="fg.success" role="status">
          {notice}
        </Text>
      )}
    </Stack>
  );
});

export default WeeklyThresholdPage;
