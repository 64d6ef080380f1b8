import { Table, Text } from '@chakra-ui/react';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { formatDateTime } from '../format';

/** The order's status history from the audit trail, oldest first. */
export function OrderHistory({ detail }: { detail: DashboardDetail }) {
  if (detail.History.length === 0) return <Text color="fg.muted">No changes recorded.</Text>;
  return (
    // Like the bookings table: on a phone it scrolls sideways inside its own focusable region.
    <Table.ScrollArea tabIndex={0} role="region" aria-label="Status history, scrolls sideways">
      <Table.Root size="sm" aria-label="Status history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detail.History.map((h, i) => (
            // History entries have no id; their position in the trail is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Row key={i}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(h.ChangedAt)}</Table.Cell>
              <Table.Cell>{h.ChangedBy}</Table.Cell>
              <Table.Cell textTransform="capitalize">{h.Action.replaceAll('_', ' ')}</Table.Cell>
              <Table.Cell>{h.StatusName}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
