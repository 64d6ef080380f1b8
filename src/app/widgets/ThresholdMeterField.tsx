/**
 * thresholdMeter: put on the flow's Equipment object, it renders the object's fields as usual and,
 * once market and size are chosen, the weekly threshold meter below them — "12 of 40 units booked
 * this week in market LAX" — so a customer sees before submitting that a request will go to review.
 * The numbers come from GET /api/weeklythreshold/meter, the booker's own usage query.
 */

import { Box, Progress, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { mayChooseCustomer } from '../../domain/policies';
import type { MeterResponse } from '../../schemas/weekly-threshold';
import { type LookupNames, lookupNames } from '../stores/lookup-names';
import { useStores } from '../stores/StoresContext';
import { WeeklyThresholdStore, weeklyThresholdStore } from '../weekly-threshold/WeeklyThresholdStore';

type Cap = MeterResponse['Thresholds'][number];

const scopeText = (cap: Cap, names: LookupNames) =>
  [
    cap.MarketCode ? `in market ${names.market(cap.MarketCode)}` : 'in all markets',
    cap.EquipmentSize ? `for ${names.size(cap.EquipmentSize)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

export const ThresholdMeterField = observer(function ThresholdMeterField(props: FieldProps) {
  const { ObjectField } = props.registry.fields;
  const data = (props.formData ?? {}) as {
    CustomerId?: unknown;
    MarketCode?: unknown;
    EquipmentSize?: unknown;
  };
  return (
    <Stack gap={3}>
      <ObjectField {...props} />
      <ThresholdMeter customerId={data.CustomerId} market={data.MarketCode} size={data.EquipmentSize} />
    </Stack>
  );
});

const ThresholdMeter = observer(function ThresholdMeter({
  customerId,
  market,
  size,
}: {
  customerId: unknown;
  market: unknown;
  size: unknown;
}) {
  const root = useStores();
  const { session, lookups } = root;
  const weeklyThreshold = weeklyThresholdStore(root);
  const names = lookupNames(lookups);
  const ready =
    typeof market === 'string' &&
    market !== '' &&
    typeof size === 'string' &&
    size !== '' &&
    (!mayChooseCustomer(session) || typeof customerId === 'number');
  const query = ready
    ? {
        MarketCode: market as string,
        EquipmentSize: size as string,
        ...(typeof customerId === 'number' ? { CustomerId: customerId } : {}),
      }
    : null;
  const key = query ? WeeklyThresholdStore.meterKey(query) : '';
  useEffect(() => {
    if (!key) return;
    const [CustomerId, MarketCode, EquipmentSize] = JSON.parse(key) as [number | null, string, string];
    void weeklyThreshold.loadMeter({
      MarketCode,
      EquipmentSize,
      ...(CustomerId === null ? {} : { CustomerId }),
    });
  }, [key, weeklyThreshold]);
  if (!query) return null;
  const meter = weeklyThreshold.meters.get(key);
  if (meter === undefined) return null;
  if (meter === 'failed')
    return (
      <Text fontSize="sm" color="fg.muted">
        The weekly threshold could not be read; the booking still checks it when you submit.
      </Text>
    );
  return (
    <Box as="section" aria-label="Weekly threshold" borderWidth="1px" rounded="md" p={3}>
      {meter.Thresholds.length === 0 ? (
        <Text fontSize="sm">
          No weekly booking threshold applies to {names.market(meter.MarketCode)} and{' '}
          {names.size(meter.EquipmentSize)}.
        </Text>
      ) : (
        <Stack gap={2}>
          {meter.Thresholds.map((cap) => (
            <Stack key={cap.ThresholdId} gap={1}>
              <Text fontSize="sm">
                {cap.Used} of {cap.WeeklyLimit} units booked this week {scopeText(cap, names)}
              </Text>
              <Progress.Root
                size="xs"
                max={Math.max(cap.WeeklyLimit, 1)}
                value={Math.min(cap.Used, Math.max(cap.WeeklyLimit, 1))}
                colorPalette={cap.Remaining === 0 ? 'red' : 'blue'}
                aria-label={`${cap.Used} of ${cap.WeeklyLimit} units`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="xs" color="fg.muted">
                {cap.Remaining === 0
                  ? 'Any booking now goes to review by Customer Support before it is confirmed.'
                  : `A request of more than ${cap.Remaining} unit(s) goes to review by Customer Support.`}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
});
