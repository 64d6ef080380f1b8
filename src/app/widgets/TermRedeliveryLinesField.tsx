/**
 * termRedeliveryLines: a term lease redelivery's group line items (one per contract line) with a
 * line item detail per chassis (SPEC §3), filled by the contractForChassis step action. Every
 * button is one SPEC §4 transition from src/domain/term-lease-redelivery.ts, the same functions
 * the server re-runs: overrides (purchase option applied or rejected, minimum quantity, minimum
 * rental period), a return location applied to the line, cancel / undo / remove a line, swap, and
 * delete a chassis. Each chassis shows why it cannot be returned yet (RedeliveryErrorMessage).
 * The acknowledgements (direct finance lease, the overrides' fees) are the flow's rules.
 */
import { Badge, Box, Button, Checkbox, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { LocationRow } from '../../domain/lookups';
import {
  applyMarketAndLocation,
  applyMinQuantityOverride,
  applyMinRentalPeriodOverride,
  applyPurchaseOptionOverride,
  cancelLine,
  deleteDetail,
  flagSwapRedelivery,
  type GroupLineItem,
  lineReturnable,
  rejectPurchaseOptionOverride,
  removeLine,
  undoCancelLine,
} from '../../domain/term-lease-redelivery';
import type { ReviewProps } from '../../engine/react/registry';
import { DataList } from '../components/DataList';
import { formatDay } from '../dashboard/format';
import { lookupNames } from '../stores/lookup-names';
import { type WidgetContext, widgetContextOf } from './context';

const locationName = (context: WidgetContext, id: number | null) => {
  if (id === null) return 'Not chosen';
  const row = context.lookups.rows<LocationRow>('locations').find((l) => l.LocationId === id);
  return row ? row.LocationName : String(id);
};

const live = (l: GroupLineItem) => l.LineItemDetails.filter((d) => !d.IsDeleted);

/**
 * Where a line stands, from the line as it is now and the flow's acknowledgements about it (never
 * from IsBookingValid alone: that also wants DirectFinanceLeaseWarningChecked, which the form
 * answers with the flow's acknowledgement box, so a fixed line would say "Needs attention" forever).
 */
const LINE_STATE = {
  attention: { label: 'Needs attention', palette: 'red' },
  acknowledge: { label: 'Acknowledge below', palette: 'yellow' },
  ready: { label: 'Ready', palette: 'green' },
} as const;

function lineState(line: GroupLineItem, unacknowledged: number): keyof typeof LINE_STATE {
  if (!lineReturnable(line)) return 'attention';
  return unacknowledged > 0 ? 'acknowledge' : 'ready';
}

function LineLocation({
  line,
  context,
  onApply,
}: {
  line: GroupLineItem;
  context: WidgetContext;
  onApply: (locationId: number) => void;
}) {
  const [choice, setChoice] = useState<string>(
    line.SelectedLocationId ? String(line.SelectedLocationId) : '',
  );
  const id = `line-${line.EquipmentLineId}-location`;
  return (
    <HStack gap={2} align="end">
      <Box>
        <label htmlFor={id} style={{ fontSize: '0.875rem' }}>
          Return location for this line
        </label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">Choose…</option>
            {line.LocationList.map((l) => (
              <option key={l} value={l}>
                {locationName(context, l)}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </Box>
      <Button size="sm" variant="outline" disabled={choice === ''} onClick={() => onApply(Number(choice))}>
        Apply location
      </Button>
    </HStack>
  );
}

export const TermRedeliveryLinesField = observer(function TermRedeliveryLinesField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, errorSchema } = props;
  const context = widgetContextOf(registry);
  const names = lookupNames(context.lookups);
  const lines = (Array.isArray(formData) ? formData : []) as GroupLineItem[];
  const path = fieldPathId.path.join('.');
  const set = (index: number, next: GroupLineItem) =>
    onChange(
      lines.map((l, i) => (i === index ? next : l)),
      fieldPathId.path,
    );
  if (lines.length === 0)
    return (
      <Text color="fg.muted" id={fieldPathId.$id}>
        Paste the chassis above, then choose Find contracts: the chassis are grouped here per contract line.
      </Text>
    );
  return (
    <Stack gap={4} id={fieldPathId.$id}>
      {lines.map((line, index) => {
        const title = `Contract ${line.ContractNumber} · ${names.size(line.EquipmentSize)} ${names.equipmentClass(line.EquipmentClass)}`;
        const headingId = `line-${line.EquipmentLineId}-title`;
        const details = live(line);
        const needsMinQuantity = details.some(
          (d) => d.NeedsMinQuantityOverride && !d.MinQuantityOverrideApplied,
        );
        const needsMinRental = details.some(
          (d) => d.NeedsMinRentalPeriodOverride && !d.MinRentalPeriodOverrideApplied,
        );
        const state =
          LINE_STATE[lineState(line, context.flow.answers.unansweredAbout(`${path}.${index}`).length)];
        return (
          <Box
            as="section"
            key={line.EquipmentLineId}
            aria-labelledby={headingId}
            borderWidth="1px"
            borderRadius="md"
            p={3}
            opacity={line.IsCancelled ? 0.7 : 1}
          >
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h3" size="sm" id={headingId}>
                {title}
              </Heading>
              <HStack gap={1}>
                {line.IsCancelled && <Badge colorPalette="gray">Cancelled</Badge>}
                {line.SwapsAllowed && <Badge>Swaps allowed</Badge>}
                {line.ShowDirectFinanceLeaseWarning && (
                  <Badge colorPalette="orange">Direct finance lease</Badge>
                )}
                {!line.IsCancelled && <Badge colorPalette={state.palette}>{state.label}</Badge>}
              </HStack>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {details.length} chassis · contract effective {formatDay(line.EffectiveDate)} to{' '}
              {formatDay(line.EffectiveTo)}
            </Text>
            {((errorSchema?.[index] as { __errors?: string[] } | undefined)?.__errors ?? []).map((e) => (
              <Text key={e} color="fg.error" fontSize="sm">
                {e}
              </Text>
            ))}
            {!line.IsCancelled && (
              <Stack gap={2} mt={2}>
                {line.NeedsPurchaseOptionOverride && (
                  <HStack gap={2} wrap="wrap">
                    <Text fontSize="sm">
                      {line.PurchaseOptionOverrideApplied
                        ? 'Purchase option override applied.'
                        : 'This contract has a purchase option: returning its units needs the purchase option override.'}
                    </Text>
                    {!line.PurchaseOptionOverrideApplied ? (
                      <Button size="xs" onClick={() => set(index, applyPurchaseOptionOverride(line))}>
                        Apply purchase option override
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => set(index, rejectPurchaseOptionOverride(line))}
                      >
                        Reject purchase option override
                      </Button>
                    )}
                  </HStack>
                )}
                {needsMinQuantity && (
                  <Button
                    size="xs"
                    alignSelf="start"
                    onClick={() => set(index, applyMinQuantityOverride(line))}
                  >
                    Apply minimum quantity override
                  </Button>
                )}
                {needsMinRental && (
                  <Button
                    size="xs"
                    alignSelf="start"
                    onClick={() => set(index, applyMinRentalPeriodOverride(line))}
                  >
                    Apply minimum rental period override
                  </Button>
                )}
                <LineLocation
                  line={line}
                  context={context}
                  onApply={(id) => set(index, applyMarketAndLocation(line, line.MarketList[0] ?? '', id))}
                />
                {line.SwapsAllowed && (
                  <Checkbox.Root
                    checked={line.IsSwapRedelivery}
                    onCheckedChange={(e) => set(index, flagSwapRedelivery(line, e.checked === true))}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      Swap redelivery: book as many replacement units at the same location
                    </Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            )}
            <Box mt={2}>
              <DataList
                label={`Chassis of ${title}`}
                rows={details}
                rowKey={(d) => d.ChassisId}
                columns={[
                  { header: 'Chassis', cell: (d) => <Text fontFamily="mono">{d.ChassisId}</Text> },
                  { header: 'Return location', cell: (d) => locationName(context, d.LocationId) },
                  {
                    header: 'Status',
                    cell: (d) => (
                      <Text color={d.RedeliveryErrorMessage ? 'fg.error' : undefined}>
                        {d.RedeliveryErrorMessage ??
                          (d.LocationId === null
                            ? 'Choose a return location for this line.'
                            : 'Can be returned')}
                      </Text>
                    ),
                  },
                ]}
                actions={{
                  header: 'Actions',
                  cell: (d) => (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={`Delete ${d.ChassisId}`}
                      onClick={() => set(index, deleteDetail(line, d.ChassisId))}
                    >
                      Delete
                    </Button>
                  ),
                }}
              />
            </Box>
            <HStack gap={2} mt={2}>
              {line.IsCancelled ? (
                <Button size="xs" variant="outline" onClick={() => set(index, undoCancelLine(line))}>
                  Undo cancel
                </Button>
              ) : (
                <Button size="xs" variant="outline" onClick={() => set(index, cancelLine(line))}>
                  Cancel line
                </Button>
              )}
              <Button
                size="xs"
                variant="ghost"
                onClick={() => onChange(removeLine(lines, line.EquipmentLineId), fieldPathId.path)}
              >
                Remove line
              </Button>
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
});

/** On the review step: per line, what comes back where, and the overrides applied. */
export function TermRedeliveryLinesReview({ value, context }: ReviewProps) {
  const lines = (Array.isArray(value) ? value : []) as GroupLineItem[];
  const ctx = context as WidgetContext;
  return (
    <Stack gap={2}>
      {lines.map((l) => {
        const details = live(l);
        const where = [...new Set(details.map((d) => locationName(ctx, d.LocationId)))].join(', ');
        const overrides = [
          l.PurchaseOptionOverrideApplied ? 'purchase option override' : null,
          details.some((d) => d.MinQuantityOverrideApplied) ? 'minimum quantity override' : null,
          details.some((d) => d.MinRentalPeriodOverrideApplied) ? 'minimum rental period override' : null,
          l.IsSwapRedelivery ? 'swap redelivery' : null,
        ].filter(Boolean);
        return (
          <Text key={l.EquipmentLineId}>
            Contract {l.ContractNumber}:{' '}
            {l.IsCancelled ? 'cancelled' : `${details.length} chassis to ${where || 'no location yet'}`}
            {overrides.length > 0 && !l.IsCancelled ? ` (${overrides.join(', ')})` : ''}
          </Text>
        );
      })}
    </Stack>
  );
}
