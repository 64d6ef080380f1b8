/**
 * Issue 31: pick chassis from the list the company holds, instead of knowing their IDs. Part of
 * the chassisIdList field (ui:options.pick names what the flow accepts: reuse, pool or term lease
 * redelivery), so picked IDs join the same list a paste fills and every rule and server check
 * judges them alike. Many at once: tick rows across pages and searches, then add them.
 */
import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { normalizeChassisId } from '../../domain/equipment';
import type { HeldChassis, HeldPurpose } from '../../schemas/chassis';
import { heldFrom, heldSince } from '../chassis/held-chassis-text';
import type { MyChassisStore } from '../chassis/MyChassisStore';
import { DataList } from '../components/DataList';
import { PageSteps } from '../components/Paginator';

/** What each flow's list holds, in the words of the person picking. */
const WHAT_IS_LISTED: Readonly<Record<HeldPurpose, (who: string) => string>> = {
  reuse: (who) => `Pool chassis on hire to ${who} that are not already on an open reuse booking.`,
  poolRedelivery: (who) =>
    `Pool chassis on hire to ${who} that pool redelivery takes and that are not already on a redelivery.`,
  termLeaseRedelivery: (who) => `Term lease chassis on hire to ${who} that are not already on a redelivery.`,
};

export interface HeldChassisPickerProps {
  /** The field's id: the picker's ids hang off it. */
  id: string;
  purpose: HeldPurpose;
  store: MyChassisStore;
  /** Staff: the customer chosen on the form (null: none yet); a customer's user: undefined. */
  customerId: number | null | undefined;
  /** The chassis already in the list (normalised): shown ticked, not offered again. */
  listed: ReadonlySet<string>;
  /** How many more the list takes (its limit less what it holds); undefined: no limit. */
  room: number | undefined;
  onAdd: (chassisIds: string[]) => void;
}

export const HeldChassisPicker = observer(function HeldChassisPicker(props: HeldChassisPickerProps) {
  const { id, purpose, store, customerId, listed, room, onAdd } = props;
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const staff = customerId !== undefined;
  const mayList = customerId !== null;

  // The list follows the customer staff choose; it is read when opened, not with every form.
  useEffect(() => {
    store.forCustomer(customerId ?? null);
    setChosen([]);
  }, [store, customerId]);
  useEffect(() => {
    if (open && mayList && !store.result && !store.busy && !store.error) void store.load(1);
  }, [open, mayList, store, store.result, store.busy, store.error]);

  const rows = store.result?.ResultSet ?? [];
  const isListed = (c: HeldChassis) => listed.has(normalizeChassisId(c.ChassisId));
  const choosable = rows.filter((c) => !isListed(c));
  const allChosen = choosable.length > 0 && choosable.every((c) => chosen.includes(c.ChassisId));
  const toggle = (chassisId: string, on: boolean) =>
    setChosen((now) => (on ? [...now, chassisId] : now.filter((x) => x !== chassisId)));
  const toggleAll = (on: boolean) =>
    setChosen((now) =>
      on
        ? [...now, ...choosable.map((c) => c.ChassisId).filter((x) => !now.includes(x))]
        : now.filter((x) => !choosable.some((c) => c.ChassisId === x)),
    );
  const add = () => {
    const fresh = chosen.filter((x) => !listed.has(normalizeChassisId(x)));
    onAdd(fresh);
    const taken = room === undefined ? fresh.length : Math.min(room, fresh.length);
    setAdded(`${taken} chassis added to the list.`);
    setChosen([]);
    setOpen(false);
  };
  // Enter searches; the flow's form must not take it as Next.
  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void store.load(1);
  };
  const total = store.result?.TotalCount ?? 0;
  const searched = store.search.trim();
  const regionId = `${id}__held`;
  const who = staff ? 'the customer' : 'your company';

  return (
    <Stack gap={2}>
      <HStack gap={3} wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => {
            setOpen(!open);
            setAdded(null);
          }}
        >
          {open
            ? 'Close the list of chassis'
            : `Choose from the chassis ${staff ? 'the customer holds' : 'you hold'}`}
        </Button>
        {added && (
          <Text role="status" fontSize="sm">
            {added}
          </Text>
        )}
      </HStack>
      {open && (
        <Box
          id={regionId}
          role="region"
          aria-label={`Chassis on hire to ${who}`}
          borderWidth="1px"
          borderRadius="md"
          p={3}
        >
          {!mayList ? (
            <Text>Choose the customer first: the list shows the chassis they hold.</Text>
          ) : (
            <Stack gap={3}>
              <Text fontSize="sm" color="fg.muted">
                {WHAT_IS_LISTED[purpose](staff ? 'the customer' : 'you')}
              </Text>
              <HStack gap={2} alignItems="end" wrap="wrap">
                <Box flex="1" minW="10rem">
                  <label htmlFor={`${id}__held-search`}>
                    <Text fontSize="sm" mb={1}>
                      Chassis ID, booking, contract or location
                    </Text>
                  </label>
                  <Input
                    id={`${id}__held-search`}
                    size="sm"
                    type="search"
                    value={store.search}
                    onChange={(e) => store.setSearch(e.target.value)}
                    onKeyDown={onSearchKey}
                  />
                </Box>
                <Button size="sm" variant="outline" loading={store.busy} onClick={() => void store.load(1)}>
                  Search
                </Button>
              </HStack>
              {store.result && (
                <Text role="status" fontSize="sm">
                  {total === 0
                    ? searched
                      ? `No chassis match "${searched}". Clear the search to see them all.`
                      : `No chassis on hire to ${who} can be listed here.`
                    : `${total} chassis; page ${store.page} of ${store.pageCount}.`}
                </Text>
              )}
              <HStack gap={2} wrap="wrap">
                <Button size="sm" disabled={chosen.length === 0} onClick={add}>
                  {chosen.length === 0
                    ? 'Add the chosen chassis'
                    : `Add ${chosen.length} chassis to the list`}
                </Button>
                <PageSteps
                  page={store.page}
                  pageCount={store.pageCount}
                  busy={store.busy}
                  onPage={(n) => void store.load(n)}
                />
              </HStack>
              {room !== undefined && chosen.length > room && (
                <Text role="alert" fontSize="sm" color="fg.error">
                  The list takes {room} more: only the first {room} chosen will be added.
                </Text>
              )}
              {/* The rows scroll in their own box, so the Add button above stays in view while ticking. */}
              <Box maxH="24rem" overflowY="auto">
                <DataList
                  label={`Chassis on hire to ${who}`}
                  rows={rows}
                  rowKey={(c) => c.ChassisId}
                  loading={store.busy}
                  error={store.error}
                  leadHeader={
                    <input
                      type="checkbox"
                      aria-label="Choose every chassis on this page"
                      checked={allChosen}
                      disabled={choosable.length === 0}
                      onChange={(e) => toggleAll(e.target.checked)}
                    />
                  }
                  lead={(c) => (
                    <input
                      type="checkbox"
                      aria-label={isListed(c) ? `${c.ChassisId} is already listed` : `Choose ${c.ChassisId}`}
                      checked={isListed(c) || chosen.includes(c.ChassisId)}
                      disabled={isListed(c)}
                      onChange={(e) => toggle(c.ChassisId, e.target.checked)}
                    />
                  )}
                  columns={[
                    { header: 'Chassis ID', cell: (c) => c.ChassisId },
                    {
                      header: 'Size and class',
                      cell: (c) => `${c.EquipmentSizeName} ${c.EquipmentClassName}`,
                    },
                    { header: 'From', cell: heldFrom },
                    { header: 'On hire since', minW: '9rem', cell: heldSince },
                    { header: 'Picked up at', cell: (c) => c.PickedUpAt ?? '—' },
                  ]}
                />
              </Box>
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
});
