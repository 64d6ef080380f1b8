import { Badge, Box, Button, Checkbox, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { bookingStatusName } from '../../domain/status-codes';
import type { PendingRequest } from '../../schemas/pending';
import { formatDateTime } from '../dashboard/format';
import { useStores } from '../stores/StoresContext';
import { INVENTORY_ORDER_TYPES } from './PendingQueueStore';

const isOpen = (r: PendingRequest) => r.Status === 'PENDING' || r.Status === 'VALIDATED';

/** SPEC §2 "Pending requests list": one row per request, with what staff need to decide it. */
export const PendingTable = observer(function PendingTable() {
  const { pendingQueue: queue } = useStores();
  const open = queue.rows.filter(isOpen);
  const allSelected = open.length > 0 && open.every((r) => queue.selected.has(r.PendingRequestId));
  return (
    <Box position="relative" minH="6rem" aria-busy={queue.loading}>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Pending requests">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                {queue.canDecide && (
                  <Checkbox.Root size="sm" checked={allSelected} onCheckedChange={() => queue.toggleAll()}>
                    <Checkbox.HiddenInput aria-label="Select all open requests" />
                    <Checkbox.Control />
                  </Checkbox.Root>
                )}
              </Table.ColumnHeader>
              <Table.ColumnHeader>Request</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Order type</Table.ColumnHeader>
              <Table.ColumnHeader>Locations and units</Table.ColumnHeader>
              <Table.ColumnHeader>Why pending</Table.ColumnHeader>
              <Table.ColumnHeader>Validation</Table.ColumnHeader>
              {queue.showContact && <Table.ColumnHeader>Contact</Table.ColumnHeader>}
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queue.rows.map((r) => (
              <PendingRow key={r.PendingRequestId} request={r} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {!queue.loading && queue.rows.length === 0 && (
        <Text color="fg.muted" p={4}>
          No pending requests to show.
        </Text>
      )}
      {queue.loading && (
        <Box position="absolute" inset="0" bg="bg/70" display="grid" placeItems="center" role="status">
          <Spinner role="status" aria-label="Searching" />
        </Box>
      )}
    </Box>
  );
});

const PendingRow = observer(function PendingRow({ request: r }: { request: PendingRequest }) {
  const { pendingQueue: queue } = useStores();
  const outcome = queue.outcomes.get(r.PendingRequestId);
  const inventory = queue.inventory.get(r.PendingRequestId);
  const label = `request ${r.PendingRequestId}`;
  return (
    <Table.Row data-request-id={r.PendingRequestId} verticalAlign="top">
      <Table.Cell>
        {queue.canDecide && isOpen(r) && (
          <Checkbox.Root
            size="sm"
            checked={queue.selected.has(r.PendingRequestId)}
            onCheckedChange={() => queue.toggle(r.PendingRequestId)}
          >
            <Checkbox.HiddenInput aria-label={`Select ${label}`} />
            <Checkbox.Control />
          </Checkbox.Root>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">#{r.PendingRequestId}</Text>
        <Text fontSize="xs">Order {r.BookingOrderId}</Text>
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {formatDateTime(r.CreatedAt)}
        </Text>
      </Table.Cell>
      <Table.Cell>{r.CustomerNameWithSCAC}</Table.Cell>
      <Table.Cell>
        {r.BookingOrderTypeName}
        {r.MarketCode ? ` · ${r.MarketCode}` : ''}
      </Table.Cell>
      <Table.Cell>
        <Stack gap={0}>
          {r.Bookings.map((b) => (
            <Text key={b.BookingId} fontSize="sm">
              {b.BookingCode ? `${b.BookingCode}: ` : ''}
              {b.UnitsRequestedCount} × {b.EquipmentSize}
              {b.EquipmentClass ? ` ${b.EquipmentClass}` : ''} at {b.LocationName}
            </Text>
          ))}
        </Stack>
        {INVENTORY_ORDER_TYPES.includes(r.BookingOrderTypeCode) && (
          <Button
            size="2xs"
            variant="ghost"
            mt={1}
            aria-label={`Inventory for ${label}`}
            onClick={() =>
              inventory ? queue.hideInventory(r.PendingRequestId) : void queue.checkInventory(r)
            }
          >
            {inventory ? 'Hide inventory' : 'Inventory'}
          </Button>
        )}
        {inventory && (
          <Table.Root size="sm" aria-label={`Inventory in ${inventory.MarketCode}`} mt={1}>
            <Table.Body>
              {inventory.Locations.map((l) => (
                <Table.Row key={l.LocationId}>
                  <Table.Cell>{l.LocationName}</Table.Cell>
                  <Table.Cell textAlign="end">{l.Available}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Table.Cell>
      <Table.Cell>
        {r.RequestTypeName}
        {r.PendingReasons.map((p) => (
          <Text key={p.ReasonCode} fontSize="xs" color="fg.muted">
            {p.Description}
          </Text>
        ))}
      </Table.Cell>
      <Table.Cell>
        {r.Validation ? (
          <Stack gap={0}>
            <Badge colorPalette={r.Validation.Passed ? 'green' : 'red'} w="fit-content">
              {r.Validation.Passed ? 'Passed' : (r.Validation.FailureName ?? 'Failed')}
            </Badge>
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
        )}
      </Table.Cell>
      {queue.showContact && (
        <Table.Cell>
          <Text fontSize="sm">{r.ContactName}</Text>
          {(r.EmailAddresses ?? []).map((e) => (
            <Text key={e} fontSize="xs">
              {e}
            </Text>
          ))}
        </Table.Cell>
      )}
      <Table.Cell>
        <HStack gap={1}>
          <Badge>{bookingStatusName(r.BookingPendingStatus)}</Badge>
        </HStack>
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
      </Table.Cell>
    </Table.Row>
  );
});
