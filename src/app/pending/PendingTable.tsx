import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { PendingRequest } from '../../schemas/pending';
import { DataList, type ListColumn } from '../components/DataList';
import { BookingStatusBadge, StatusBadge } from '../components/StatusBadge';
import { formatDateTime } from '../dashboard/format';
import { type LookupNames, lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { type PendingQueueStore, pendingQueueStore } from './PendingQueueStore';

const isOpen = (r: PendingRequest) => r.Status === 'PENDING' || r.Status === 'VALIDATED';
const label = (r: PendingRequest) => `request ${r.PendingRequestId}`;

/** SPEC §2 "Pending requests list": one row per request, with what staff need to decide it. */
export const PendingTable = observer(function PendingTable() {
  const root = useStores();
  const { lookups } = root;
  const queue = pendingQueueStore(root);
  const open = queue.rows.filter(isOpen);
  const allSelected = open.length > 0 && open.every((r) => queue.selected.has(r.PendingRequestId));
  return (
    <DataList
      label="Pending requests"
      rows={queue.rows}
      rowKey={(r) => r.PendingRequestId}
      rowAttributes={(r) => ({ 'data-request-id': r.PendingRequestId })}
      columns={columns(queue, lookupNames(lookups))}
      actions={{ header: 'Status', cell: (r) => <RowStatus request={r} />, minW: '11rem' }}
      leadHeader={
        queue.canDecide && (
          <Checkbox.Root size="sm" checked={allSelected} onCheckedChange={() => queue.toggleAll()}>
            <Checkbox.HiddenInput aria-label="Select all open requests" />
            <Checkbox.Control />
          </Checkbox.Root>
        )
      }
      lead={(r) =>
        queue.canDecide &&
        isOpen(r) && (
          <Checkbox.Root
            size="sm"
            mt={1}
            checked={queue.selected.has(r.PendingRequestId)}
            onCheckedChange={() => queue.toggle(r.PendingRequestId)}
          >
            <Checkbox.HiddenInput aria-label={`Select ${label(r)}`} />
            <Checkbox.Control />
          </Checkbox.Root>
        )
      }
      loading={queue.loading}
      error={queue.list.error}
      empty={queue.list.applied ? 'No pending requests match this search. Clear a filter to see more.' : null}
    />
  );
});

function columns(queue: PendingQueueStore, names: LookupNames): ListColumn<PendingRequest>[] {
  const list: ListColumn<PendingRequest>[] = [
    {
      header: 'Request',
      minW: '11rem',
      cell: (r) => (
        <Stack gap={0}>
          <Text fontWeight="medium">
            #{r.PendingRequestId} · {r.CustomerNameWithSCAC}
          </Text>
          <Text fontSize="xs">
            Order {r.BookingOrderId} · {r.BookingOrderTypeName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(r.CreatedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Locations and units',
      minW: '12rem',
      cell: (r) => (
        <Stack gap={0}>
          {r.Bookings.map((b) => (
            <Text key={b.BookingId} fontSize="sm">
              {b.BookingCode ? `${b.BookingCode}: ` : ''}
              {b.UnitsRequestedCount} × {names.equipment(b.EquipmentSize, b.EquipmentClass)} at{' '}
              {b.LocationName}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      header: 'Why pending',
      minW: '10rem',
      cell: (r) => (
        <>
          {r.RequestTypeName}
          {r.PendingReasons.map((p) => (
            <Text key={p.ReasonCode} fontSize="xs" color="fg.muted">
              {p.Description}
            </Text>
          ))}
        </>
      ),
    },
    {
      header: 'Validation',
      minW: '10rem',
      cell: (r) =>
        r.Validation ? (
          <Stack gap={0}>
            <StatusBadge tone={r.Validation.Passed ? 'success' : 'critical'}>
              {r.Validation.Passed ? 'Passed' : (r.Validation.FailureName ?? 'Failed')}
            </StatusBadge>
            {r.Validation.Checks.filter((c) => !c.Passed).map((c) => (
              <Text key={c.Check} fontSize="xs">
                {c.Message}
              </Text>
            ))}
            <Text fontSize="xs" color="fg.muted">
              {r.Validation.ValidatedBy}, {formatDateTime(r.Validation.ValidatedAt)}
            </Text>
          </Stack>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            Not validated
          </Text>
        ),
    },
  ];
  if (queue.showContact)
    list.push({
      header: 'Contact',
      minW: '12rem',
      cell: (r) => (
        <>
          <Text fontSize="sm">{r.ContactName}</Text>
          {(r.EmailAddresses ?? []).map((e) => (
            <Text key={e} fontSize="xs" overflowWrap="anywhere">
              {e}
            </Text>
          ))}
        </>
      ),
    });
  return list;
}

/** The row's status, the decision taken and the last action's result, with the inventory check. */
const RowStatus = observer(function RowStatus({ request: r }: { request: PendingRequest }) {
  const root = useStores();
  const { lookups } = root;
  const queue = pendingQueueStore(root);
  const names = lookupNames(lookups);
  const outcome = queue.outcomes.get(r.PendingRequestId);
  const inventory = queue.inventory.get(r.PendingRequestId);
  // The answer opens below the button, often under the fold: it is brought into view when it comes.
  const caption = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (inventory) caption.current?.scrollIntoView?.({ block: 'center' });
  }, [inventory]);
  return (
    <Stack gap={1}>
      <BookingStatusBadge code={r.BookingPendingStatus} />
      {r.Decision && (
        <Text fontSize="xs">
          {r.Decision.Status === 'ACCEPTED' ? 'Accepted' : 'Rejected'} by {r.Decision.DecidedBy}
          {r.Decision.Reason ? `: ${r.Decision.Reason}` : ''}
        </Text>
      )}
      {outcome && (
        <Text fontSize="xs" role="status" color={outcome.Outcome === 'refused' ? 'fg.error' : 'fg.success'}>
          {outcome.Message}
        </Text>
      )}
      {r.InventoryCheckable && (
        <Button
          size="2xs"
          variant="outline"
          w="fit-content"
          aria-label={`Inventory for ${label(r)}`}
          onClick={() => (inventory ? queue.hideInventory(r.PendingRequestId) : void queue.checkInventory(r))}
        >
          {inventory ? 'Hide inventory' : 'Inventory'}
        </Button>
      )}
      {inventory && (
        // What the numbers are of: the request's equipment in its market, the market's total first.
        <Text ref={caption} fontSize="xs" fontWeight="medium">
          {inventory.TotalAvailable} {names.equipment(inventory.EquipmentSize, inventory.EquipmentClass)}{' '}
          available in {names.market(inventory.MarketCode)}
        </Text>
      )}
      {inventory && (
        <Stack
          as="ul"
          gap={0}
          listStyleType="none"
          aria-label={`Inventory in ${names.market(inventory.MarketCode)}`}
        >
          {inventory.Locations.map((l) => (
            <Text as="li" key={l.LocationId} fontSize="xs">
              {l.LocationName}: {l.Available} available
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
});
