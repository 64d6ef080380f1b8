import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { type InventoryOrgRow, type LocationRow, providerManagedOrgs } from '../../domain/lookups';
import { DataList } from '../components/DataList';
import { chassisSizes, SelectField, TextField } from '../components/fields';
import { ClassFilter } from '../components/filters';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { manualInventoryStore } from './ManualInventoryStore';

/** #/manual_inventory/request: record a yard count, see the difference, save it as an MI order. */
const ManualInventoryPage = observer(function ManualInventoryPage({ title }: PageProps) {
  const root = useStores();
  const { lookups } = root;
  const store = manualInventoryStore(root);
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
  const names = lookupNames(lookups);
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
            <ClassFilter value={f.EquipmentClass} onChange={(v) => store.setField('EquipmentClass', v)} />
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
              The system holds <strong>{d.SystemCount}</strong>{' '}
              {names.equipment(d.EquipmentSize, d.EquipmentClass)} at {d.LocationName}; you counted{' '}
              <strong>{d.CountedQuantity}</strong>: difference{' '}
              <strong>{d.Difference > 0 ? `+${d.Difference}` : d.Difference}</strong>.
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
        <Heading as="h2" size="md">
          Latest counts
        </Heading>
        <DataList
          label="Latest counts"
          rows={store.orders}
          rowKey={(o) => o.MiOrderId}
          columns={[
            {
              header: 'Count',
              minW: '9rem',
              cell: (o) => (
                <Stack gap={0}>
                  <Text fontWeight="medium">{o.LocationName}</Text>
                  <Text fontSize="xs">MI order {o.OrderNumber}</Text>
                </Stack>
              ),
            },
            { header: 'Equipment', cell: (o) => names.equipment(o.EquipmentSize, o.EquipmentClass) },
            { header: 'System', align: 'end', cell: (o) => o.SystemCount },
            { header: 'Counted', align: 'end', cell: (o) => o.CountedQuantity },
            { header: 'Reason', cell: (o) => o.ReasonDescription },
            { header: 'By', cell: (o) => o.CreatedBy },
            { header: 'When', minW: '8rem', cell: (o) => formatDateTime(o.CreatedAt) },
          ]}
          actions={{
            header: 'Difference',
            align: 'end',
            cell: (o) => (o.Difference > 0 ? `+${o.Difference}` : String(o.Difference)),
          }}
          empty="No counts recorded yet."
        />
      </Stack>
    </Box>
  );
});

export default ManualInventoryPage;
