import { Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { type InventoryOrgRow, type LocationRow, providerManagedOrgs } from '../../domain/lookups';
import { chassisSizes, SelectField, TextField, when } from '../internal-reservation/fields';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';

type CodeName = { Code: string; Name: string };

/** #/manual_inventory/request: record a yard count, see the difference, save it as an MI order. */
const ManualInventoryPage = observer(function ManualInventoryPage({ title }: PageProps) {
  const { manualInventory: store, lookups } = useStores();
  useEffect(() => {
    void store.open();
  }, [store]);
  const f = store.form;
  const orgs = providerManagedOrgs(lookups.rows<InventoryOrgRow>('manualInventoryInventoryOrgs'));
  const served = new Set(
    lookups
      .rows<{ InventoryOrgCode: string; LocationId: number }>('inventoryLocationMappings')
      .filter((m) => m.InventoryOrgCode === f.InventoryOrgCode)
      .map((m) => m.LocationId),
  );
  const locations = lookups.rows<LocationRow>('locations').filter((l) => served.has(l.LocationId));
  const d = store.difference;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.showDifference();
  };
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <form onSubmit={submit} aria-label="Yard count" noValidate>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
            <SelectField
              label="Inventory org"
              value={f.InventoryOrgCode}
              options={orgs.map((o) => ({
                value: o.InventoryOrgCode,
                label: `${o.InventoryOrgCode} – ${o.InventoryOrgDescription}`,
              }))}
              onChange={(v) => store.setField('InventoryOrgCode', v)}
            />
            <SelectField
              label="Location"
              any="Choose a location"
              value={f.LocationId}
              options={locations.map((l) => ({
                value: String(l.LocationId),
                label: `${l.LocationName} (${l.LocationMarketCode})`,
              }))}
              onChange={(v) => store.setField('LocationId', v)}
            />
            <SelectField
              label="Size"
              value={f.EquipmentSize}
              options={chassisSizes(lookups.rows('equipmentCategories'))}
              onChange={(v) => store.setField('EquipmentSize', v)}
            />
            <SelectField
              label="Class"
              value={f.EquipmentClass}
              options={lookups
                .rows<CodeName>('equipmentClasses')
                .map((c) => ({ value: c.Code, label: c.Code }))}
              onChange={(v) => store.setField('EquipmentClass', v)}
            />
            <TextField
              label="Units counted"
              inputMode="numeric"
              value={f.CountedQuantity}
              onChange={(v) => store.setField('CountedQuantity', v)}
            />
            <SelectField
              label="Reason"
              value={f.ReasonCode}
              options={store.reasons.map((r) => ({ value: r.ReasonCode, label: r.ReasonDescription }))}
              onChange={(v) => store.setField('ReasonCode', v)}
            />
            <TextField
              label="Comment"
              value={f.Comment}
              maxLength={500}
              onChange={(v) => store.setField('Comment', v)}
            />
          </SimpleGrid>
          <Button
            mt={3}
            type="submit"
            size="sm"
            variant="outline"
            loading={store.busy && !d}
            loadingText="Show difference"
          >
            Show difference
          </Button>
        </form>
        {store.error && (
          <Text color="fg.error" role="alert">
            {store.error}
          </Text>
        )}
        {store.notice && (
          <Text color="fg.success" role="status">
            {store.notice}
          </Text>
        )}
        {d && (
          <Box as="section" aria-label="Difference" borderWidth="1px" borderRadius="md" p={4}>
            <Text>
              The system holds <strong>{d.SystemCount}</strong> {d.EquipmentSize} {d.EquipmentClass} of{' '}
              {d.InventoryOrgCode} at {d.LocationName}; you counted <strong>{d.CountedQuantity}</strong>:
              difference <strong>{d.Difference > 0 ? `+${d.Difference}` : d.Difference}</strong>.
            </Text>
            <Text mt={1}>{d.Effect}</Text>
            <HStack mt={3}>
              {store.canSave ? (
                <Button
                  size="sm"
                  colorPalette="blue"
                  loading={store.busy}
                  onClick={() => void store.save()}
                  loadingText="Save count"
                >
                  Save count
                </Button>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  You may look at counts; saving one needs the manual inventory's Create permission.
                </Text>
              )}
            </HStack>
          </Box>
        )}
        <Table.Root size="sm" aria-label="Latest counts">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>MI order</Table.ColumnHeader>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              <Table.ColumnHeader>Size</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">System</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Counted</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
              <Table.ColumnHeader>By</Table.ColumnHeader>
              <Table.ColumnHeader>When</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {store.orders.map((o) => (
              <Table.Row key={o.MiOrderId}>
                <Table.Cell>{o.OrderNumber}</Table.Cell>
                <Table.Cell>{o.LocationName}</Table.Cell>
                <Table.Cell>
                  {o.EquipmentSize} {o.EquipmentClass}
                </Table.Cell>
                <Table.Cell textAlign="end">{o.SystemCount}</Table.Cell>
                <Table.Cell textAlign="end">{o.CountedQuantity}</Table.Cell>
                <Table.Cell textAlign="end">{o.Difference}</Table.Cell>
                <Table.Cell>{o.ReasonDescription}</Table.Cell>
                <Table.Cell>{o.CreatedBy}</Table.Cell>
                <Table.Cell>{when(o.CreatedAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </Box>
  );
});

export default ManualInventoryPage;
