import { List, Table, Text } from '@chakra-ui/react';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { formatDateTime } from '../format';

type Change = DashboardDetail['History'][number]['Changes'][number];

/** An empty old or new value reads as a dash, never as nothing. */
const shown = (value: string | null) => value ?? '—';

/** Issue 18: "Booking PB26000123.Status: OP → CN". */
export const changeText = (c: Change): string => `${c.Field}: ${shown(c.Old)} → ${shown(c.New)}`;

/**
 * The order's audit trail, oldest first (issue 18): who (a user, or "API key <name> (<user>)"),
 * when, the action, the status it left, and each field it changed, old → new.
 */
export function OrderHistory({ detail }: { detail: DashboardDetail }) {
  if (detail.History.length === 0) return <Text color="fg.muted">No changes recorded.</Text>;
  return (
    // Like the bookings table: on a phone it scrolls sideways inside its own focusable region.
    <Table.ScrollArea tabIndex={0} role="region" aria-label="Order history, scrolls sideways">
      <Table.Root size="sm" aria-label="Order history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>What changed</Table.ColumnHeader>
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
              <Table.Cell>
                {h.Changes.length > 0 && (
                  <List.Root variant="plain" gap={0.5} aria-label="Fields changed">
                    {h.Changes.map((c) => (
                      <List.Item key={c.Field} whiteSpace="nowrap">
                        {changeText(c)}
                      </List.Item>
                    ))}
                  </List.Root>
                )}
                {h.Note && (
                  <Text fontSize="sm" color="fg.muted">
                    {h.Note}
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
