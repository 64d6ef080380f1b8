/**
 * motorCarrierPicker: the motor carrier that moves a destination's units (SPEC §5: customer class
 * MC, found by at least minSearchTextLength characters of its name or SCAC, contains). Sets the id
 * and, beside it, the `…Name` sibling ui:options.nameField names (default MotorCarrierName), so
 * review and the mails name the carrier without another lookup.
 */
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { MIN_SEARCH_TEXT_LENGTH } from '../../domain/constants';
import type { LookupDataset } from '../../domain/lookups';
import { getPath } from '../../engine/core/flow-data';
import type { ReviewProps } from '../../engine/react/registry';
import { stringOption, type WidgetContext, widgetContextOf } from './context';

/**
 * What an empty search says: what was searched, among whom, and how to widen it (docs/decisions.md,
 * issue 27: customers find their own company and every active motor carrier in good standing).
 */
export const noMotorCarrierText = (text: string, staff: boolean): string =>
  `No motor carrier matches “${text}”. We searched the names and SCACs of ${
    staff
      ? 'all active motor carriers (customer class MC)'
      : 'active motor carriers (customer class MC) in good standing'
  }. Check the spelling, try the carrier's 4-letter SCAC, or ask Customer Service to set the carrier up.`;

export const MotorCarrierPickerField = observer(function MotorCarrierPickerField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, registry, uiSchema, rawErrors, required } = props;
  const context = widgetContextOf(registry);
  const [text, setText] = useState('');
  const options = uiSchema?.['ui:options'] as Record<string, unknown> | undefined;
  const dataset = stringOption(options, 'dataset', 'motorCarriers') as LookupDataset;
  const nameField = stringOption(options, 'nameField', 'MotorCarrierName');
  const id = fieldPathId.$id;
  const helpId = `${id}__help`;
  const min = MIN_SEARCH_TEXT_LENGTH;
  const { motorCarriers } = context;
  const namePath = [...fieldPathId.path.slice(0, -1), nameField];
  const chosenName =
    typeof formData === 'number'
      ? (motorCarriers.nameOf(formData) ??
        (getPath(context.flow.data, namePath.join('.')) as string | undefined) ??
        `Motor carrier ${formData}`)
      : null;
  const search = (value: string) => {
    setText(value);
    motorCarriers.search(dataset, value, min, id);
  };
  const choose = (carrierId: number | undefined) => {
    // Two changes in one event: RJSF queues them, so the name follows the id.
    onChange(carrierId, fieldPathId.path);
    onChange(carrierId === undefined ? undefined : motorCarriers.nameOf(carrierId), namePath);
    search('');
  };
  const mine = motorCarriers.owner === id;
  const results = mine ? motorCarriers.results : [];
  const nothingFound =
    mine && !motorCarriers.searching && motorCarriers.answered !== null && results.length === 0
      ? motorCarriers.answered
      : null;
  const label = `${schema.title ?? 'Motor carrier'}${required ? ' *' : ''}`;
  return (
    <Field.Root invalid={!!rawErrors?.length}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      {chosenName !== null ? (
        <HStack>
          <Text data-testid={`${id}-chosen`}>{chosenName}</Text>
          <Button size="xs" variant="outline" onClick={() => choose(undefined)}>
            Change motor carrier
          </Button>
        </HStack>
      ) : (
        <>
          <Input
            id={id}
            type="search"
            value={text}
            placeholder="Name or SCAC"
            autoComplete="off"
            aria-describedby={helpId}
            aria-invalid={!!rawErrors?.length || undefined}
            onChange={(e) => search(e.target.value)}
          />
          <Text id={helpId} fontSize="sm" color="fg.muted">
            Type at least {min} characters of the motor carrier's name or SCAC.
          </Text>
        </>
      )}
      {nothingFound !== null && (
        <Text role="status" fontSize="sm">
          {noMotorCarrierText(nothingFound, context.session.isInternal)}
        </Text>
      )}
      {results.length > 0 && (
        <Stack
          as="ul"
          aria-label="Matching motor carriers"
          listStyleType="none"
          gap={1}
          maxH="60"
          overflowY="auto"
        >
          {results.map((row) => (
            <li key={row.CustomerId}>
              <Button size="sm" variant="ghost" onClick={() => choose(row.CustomerId)}>
                {row.CustomerNameWithSCAC}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Field.Root>
  );
});

/** On review the carrier's name: from this session's searches (the id alone says little). */
export const MotorCarrierPickerReview = observer(function MotorCarrierPickerReview({
  value,
  context,
}: ReviewProps) {
  const { motorCarriers } = context as WidgetContext;
  if (typeof value !== 'number') return <Text as="span">—</Text>;
  return <Text as="span">{motorCarriers.nameOf(value) ?? `Motor carrier ${value}`}</Text>;
});
