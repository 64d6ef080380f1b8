import { List, Text } from '@chakra-ui/react';
import { bookingStatusName } from '../../../domain/status-codes';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { DataList } from '../../components/DataList';
import { formatDateTime } from '../format';

type Change = DashboardDetail['History'][number]['Changes'][number];

/** An empty old or new value reads as a dash, never as nothing. */
const shown = (value: string | null) => value ?? '—';

/** A status field's values read as names (issue 25: "Open → Cancelled", never "OP → CN"). */
const valueText = (field: string, value: string | null): string =>
  value !== null && /(^|\.)Status$/.test(field) ? bookingStatusName(value) : shown(value);

/** Issue 18: "Booking PB26000123.Status: Open → Cancelled". */
export const changeText = (c: Change): string =>
  `${c.Field}: ${valueText(c.Field, c.Old)} → ${valueText(c.Field, c.New)}`;

/**
 * The order's audit trail, oldest first (issue 18): who (a user, or "API key <name> (<user>)"),
 * when, the action, the status it left, and each field it changed, old → new.
 */
export function OrderHistory({ detail }: { detail: DashboardDetail }) {
  if (detail.History.length === 0) return <Text color="fg.muted">No changes recorded.</Text>;
  // History entries have no id; their position in the trail is stable.
  const rows = detail.History.map((h, i) => ({ ...h, key: i }));
  return (
    <DataList
      label="Order history"
      rows={rows}
      rowKey={(h) => h.key}
      columns={[
        {
          header: 'When',
          minW: '9rem',
          cell: (h) => (
            <>
              <Text fontWeight="medium">{actionText(h.Action)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(h.ChangedAt)}
              </Text>
            </>
          ),
        },
        { header: 'By', cell: (h) => h.ChangedBy },
        { header: 'Status', cell: (h) => h.StatusName },
      ]}
      actions={{
        header: 'What changed',
        minW: '12rem',
        cell: (h) => (
          <>
            {h.Changes.length > 0 && (
              <List.Root variant="plain" gap={0.5} aria-label="Fields changed">
                {h.Changes.map((c) => (
                  <List.Item key={c.Field}>{changeText(c)}</List.Item>
                ))}
              </List.Root>
            )}
            {h.Note && (
              <Text fontSize="sm" color="fg.muted">
                {h.Note}
              </Text>
            )}
          </>
        ),
      }}
    />
  );
}

/** "order_created" → "Order created". */
export const actionText = (action: string): string => {
  const words = action.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
