import {
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import type { EquipmentCategoryRow, MarketRow } from '../../domain/lookups';
import { visibleEquipmentCategories } from '../../domain/lookups';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';

/** #/weekly_threshold/request: customers' weekly booking caps (SPEC §1 customer booking threshold). */
const WeeklyThresholdPage = observer(function WeeklyThresholdPage({ title }: PageProps) {
  const { weeklyThreshold: store } = useStores();
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
  const { weeklyThreshold: store, lookups } = useStores();
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
  const { weeklyThreshold: store } = useStores();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Weekly thresholds">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Customer</Table.ColumnHeader>
            <Table.ColumnHeader>Market</Table.ColumnHeader>
            <Table.ColumnHeader>Equipment size</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Units a week</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Booked this week</Table.ColumnHeader>
            <Table.ColumnHeader>Changed</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {store.rows.map((r) => (
            <Table.Row key={r.ThresholdId} data-threshold-id={r.ThresholdId}>
              <Table.Cell>{r.CustomerNameWithSCAC}</Table.Cell>
              <Table.Cell>{r.MarketCode ?? 'All markets'}</Table.Cell>
              <Table.Cell>{r.EquipmentSize ?? 'All sizes'}</Table.Cell>
              <Table.Cell textAlign="end">{r.WeeklyLimit}</Table.Cell>
              <Table.Cell textAlign="end">{r.UsedThisWeek}</Table.Cell>
              <Table.Cell fontSize="xs">
                {r.ModifiedBy ?? 'System'}, {formatDateTime(r.ModifiedAt)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap={1} justify="end">
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
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text fontSize="sm" color="fg.muted" p={2}>
        {store.totalCount === 0 ? 'No thresholds to show.' : `${store.totalCount} threshold(s)`}
      </Text>
    </Table.ScrollArea>
  );
});

export default WeeklyThresholdPage;
