import { Badge, Box, Button, Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { equipmentKindText } from '../../domain/display-names';
import {
  filterLocationsByMarket,
  type InventoryOrgRow,
  type LocationRow,
  type MarketRow,
  providerManagedOrgs,
} from '../../domain/lookups';
import { chassisSizes, SelectField, TextField } from '../components/fields';
import { ClassFilter } from '../components/filters';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { type LookupNames, lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { internalReservationStore, type ReservationItem } from './InternalReservationStore';

type Reason = { ReasonCode: string; ReasonDescription: string };
type CodeName = { Code: string; Name: string };

const kindText = (i: ReservationItem, names: LookupNames) =>
  equipmentKindText(names, i.EquipmentSize, i.EquipmentClass, i.Extendable);

/** #/internal_reservation/request (SPEC §2): the internal reservations view with per-item collapse and expand-all. */
const InternalReservationPage = observer(function InternalReservationPage({ title }: PageProps) {
  const store = internalReservationStore(useStores());
  useEffect(() => {
    void store.open();
  }, [store]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <ReservationFilter />
        {store.canCreate && <NewReservation />}
        {store.searchError && (
          <Text color="fg.error" role="alert">
            {store.searchError}
          </Text>
        )}
        <HStack gap={2}>
          <Button size="sm" variant="outline" onClick={() => store.expandAll()} disabled={store.allExpanded}>
            Expand all
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => store.collapseAll()}
            disabled={store.allCollapsed}
          >
            Collapse all
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {store.loading
              ? 'Reading reservations…'
              : `${store.items.length} reservation${store.items.length === 1 ? '' : 's'}${
                  store.shownOrg ? ` of ${store.shownOrg}` : ''
                }`}
          </Text>
        </HStack>
        <Stack as="ul" gap={2} listStyleType="none" aria-label="Reservations">
          {store.items.map((item) => (
            <ReservationCard key={item.ReservationId} item={item} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
});

const ReservationFilter = observer(function ReservationFilter() {
  const root = useStores();
  const { lookups } = root;
  const store = internalReservationStore(root);
  const f = store.filter;
  const orgs = providerManagedOrgs(lookups.rows<InventoryOrgRow>('internalReservationInventoryOrgs'));
  const markets = lookups.rows<MarketRow>('locationmarkets');
  const all = lookups.rows<LocationRow>('locations');
  const locations = f.MarketCode ? filterLocationsByMarket(all, f.MarketCode) : all;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.search();
  };
  return (
    <form onSubmit={submit} aria-label="Find reservations" noValidate>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap={3}>
        <SelectField
          label="Inventory org"
          value={f.InventoryOrgCode}
          options={orgs.map((o) => ({
            value: o.InventoryOrgCode,
            label: `${o.InventoryOrgCode} – ${o.InventoryOrgDescription}`,
          }))}
          onChange={(v) => store.setFilter('InventoryOrgCode', v)}
        />
        <SelectField
          label="Market"
          any="All markets"
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
          options={lookups
            .rows<CodeName>('equipmentClasses')
            .map((c) => ({ value: c.Code, label: `${c.Code} – ${c.Name}` }))}
          onChange={(v) => store.setFilter('EquipmentClass', v)}
        />
      </SimpleGrid>
      <Button
        mt={3}
        type="submit"
        size="sm"
        colorPalette="blue"
        loading={store.loading}
        loadingText="Searching"
      >
        Search
      </Button>
    </form>
  );
});

const ReservationCard = observer(function ReservationCard({ item }: { item: ReservationItem }) {
  const root = useStores();
  const { lookups } = root;
  const store = internalReservationStore(root);
  const id = item.ReservationId;
  const draft = store.draft(id);
  const bodyId = `reservation-${id}-details`;
  const heading = `${item.LocationName} · ${kindText(item, lookupNames(lookups))}`;
  const reasons = lookups.rows<Reason>('internalReservationReasons');
  const error = store.itemErrors.get(id);
  const notice = store.itemNotices.get(id);
  const readOnly = !store.canUpdate;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" aria-label={heading}>
      <HStack as="h2" px={3} py={2} gap={3} fontSize="md" wrap="wrap">
        <Button
          variant="ghost"
          size="sm"
          h="auto"
          py={1}
          minW={0}
          flexShrink={1}
          whiteSpace="normal"
          textAlign="start"
          aria-expanded={!item.IsCollapsed}
          aria-controls={bodyId}
          onClick={() => store.toggle(id)}
        >
          {item.IsCollapsed ? '▸' : '▾'} {heading}
        </Button>
        <Text fontWeight="semibold">{item.ReservedQuantity} reserved</Text>
        {!item.CustomerBookingsAllowed && <Badge colorPalette="orange">Closed to customers</Badge>}
        {store.comments && item.HasComment && (
          <Badge colorPalette="blue" aria-label="Has a comment">
            Comment
          </Badge>
        )}
      </HStack>
      {!item.IsCollapsed && draft && (
        <Stack id={bodyId} px={4} pb={4} gap={3}>
          <Text fontSize="sm" color="fg.muted">
            {item.InventoryOrgCode} · {lookupNames(lookups).market(item.MarketCode)} · up to{' '}
            {item.FreeQuantity} can be reserved here now · last changed by {item.ModifiedBy ?? 'unknown'} on{' '}
            {formatDateTime(item.LastModified)}
            {item.ReasonDescription ? ` · ${item.ReasonDescription}` : ''}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
            <TextField
              label="Reserved quantity"
              inputMode="numeric"
              value={draft.ReservedQuantity}
              disabled={readOnly}
              onChange={(v) => store.setDraft(id, 'ReservedQuantity', v)}
            />
            <SelectField
              label="Reason"
              any="—"
              value={draft.ReasonCode}
              disabled={readOnly}
              options={reasons.map((r) => ({ value: r.ReasonCode, label: r.ReasonDescription }))}
              onChange={(v) => store.setDraft(id, 'ReasonCode', v)}
            />
            <Checkbox.Root
              checked={draft.CustomerBookingsAllowed}
              disabled={readOnly}
              onCheckedChange={(e) => store.setDraft(id, 'CustomerBookingsAllowed', e.checked === true)}
              alignSelf="end"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Customer bookings allowed</Checkbox.Label>
            </Checkbox.Root>
          </SimpleGrid>
          {store.comments && (
            <Stack gap={1}>
              <TextField
                label="Comment"
                value={draft.ReservationComment}
                disabled={readOnly}
                maxLength={500}
                onChange={(v) => store.setDraft(id, 'ReservationComment', v)}
              />
              {item.Detail.CommentUser && (
                <Text fontSize="xs" color="fg.muted">
                  Comment by {item.Detail.CommentUser} on {formatDateTime(item.Detail.CommentDate)}
                  {item.Detail.CommentUpdated ? ' (with the last change)' : ''}
                </Text>
              )}
            </Stack>
          )}
          {error && (
            <Text color="fg.error" role="alert">
              {error}
            </Text>
          )}
          {notice && <Text color="fg.success">{notice}</Text>}
          {!readOnly && (
            <Button
              size="sm"
              colorPalette="blue"
              alignSelf="start"
              disabled={!store.changed(id)}
              loading={store.saving.has(id)}
              onClick={() => void store.save(id)}
            >
              Save changes
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
});

const NewReservation = observer(function NewReservation() {
  const root = useStores();
  const { lookups } = root;
  const store = internalReservationStore(root);
  const f = store.newForm;
  const org = store.shownOrg ?? store.filter.InventoryOrgCode;
  const served = new Set(
    lookups
      .rows<{ InventoryOrgCode: string; LocationId: number }>('inventoryLocationMappings')
      .filter((m) => m.InventoryOrgCode === org)
      .map((m) => m.LocationId),
  );
  const all = lookups.rows<LocationRow>('locations').filter((l) => served.has(l.LocationId));
  const locations = store.filter.MarketCode ? filterLocationsByMarket(all, store.filter.MarketCode) : all;
  const reasons = lookups.rows<Reason>('internalReservationReasons');
  const yesNo = [
    { value: 'No', label: 'No' },
    { value: 'Yes', label: 'Yes' },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.create();
  };
  return (
    <Box as="section" aria-label="New reservation" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="md" mb={3}>
        New reservation for {org}
      </Heading>
      <form onSubmit={submit} noValidate>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
          <SelectField
            label="Location"
            any="Choose a location"
            value={f.LocationId}
            options={locations.map((l) => ({ value: String(l.LocationId), label: l.LocationName }))}
            onChange={(v) => store.setNew('LocationId', v)}
          />
          <SelectField
            label="Size"
            value={f.EquipmentSize}
            options={chassisSizes(lookups.rows('equipmentCategories'))}
            onChange={(v) => store.setNew('EquipmentSize', v)}
          />
          <ClassFilter value={f.EquipmentClass} onChange={(v) => store.setNew('EquipmentClass', v)} />
          <SelectField
            label="Extendable"
            value={f.Extendable}
            options={yesNo}
            onChange={(v) => store.setNew('Extendable', v)}
          />
          <TextField
            label="Units to reserve"
            inputMode="numeric"
            value={f.ReservedQuantity}
            onChange={(v) => store.setNew('ReservedQuantity', v)}
          />
          <SelectField
            label="Customers may still book them"
            value={f.CustomerBookingsAllowed}
            options={yesNo}
            onChange={(v) => store.setNew('CustomerBookingsAllowed', v)}
          />
          <SelectField
            label="Reason for the reservation"
            any="Choose a reason"
            value={f.ReasonCode}
            options={reasons.map((r) => ({ value: r.ReasonCode, label: r.ReasonDescription }))}
            onChange={(v) => store.setNew('ReasonCode', v)}
          />
          {store.comments && (
            <TextField
              label="Reservation comment"
              value={f.ReservationComment}
              maxLength={500}
              onChange={(v) => store.setNew('ReservationComment', v)}
            />
          )}
        </SimpleGrid>
        {store.newError && (
          <Text color="fg.error" role="alert" mt={2}>
            {store.newError}
          </Text>
        )}
        <Button
          mt={3}
          type="submit"
          size="sm"
          colorPalette="blue"
          loading={store.creating}
          loadingText="Reserve units"
        >
          Reserve units
        </Button>
      </form>
    </Box>
  );
});

export default InternalReservationPage;
