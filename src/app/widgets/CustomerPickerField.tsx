/**
 * customerPicker: staff book on behalf of a customer and find it by name or SCAC (SPEC §5: at least
 * minSearchTextLength characters, contains). Customers always book for their own company, so they
 * see nothing here and the server fills their company in.
 */

import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { FieldProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { MIN_SEARCH_TEXT_LENGTH, POOL_BOOKING_ALLOWED_FILTER } from '../../domain/constants';
import type { LookupDataset } from '../../domain/lookups';
import { mayChooseCustomer } from '../../domain/policies';
import type { ReviewProps } from '../../engine/react/registry';
import { stringOption, type WidgetContext, widgetContextOf } from './context';

export const CustomerPickerField = observer(function CustomerPickerField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, registry, uiSchema, rawErrors } = props;
  const context = widgetContextOf(registry);
  const [text, setText] = useState('');
  const [poolBooking, setPoolBooking] = useState<number>(POOL_BOOKING_ALLOWED_FILTER.All);
  if (!mayChooseCustomer(context.session)) return null;
  const id = fieldPathId.$id;
  const helpId = `${id}__help`;
  const min = MIN_SEARCH_TEXT_LENGTH;
  const dataset = stringOption(uiSchema?.['ui:options'], 'dataset', 'customers') as LookupDataset;
  const { customers } = context;
  const search = (value: string, allowed = poolBooking) => {
    setText(value);
    customers.search(dataset, value, min, null, allowed);
  };
  const choose = (customerId: number | undefined) => {
    onChange(customerId, fieldPathId.path);
    search('');
  };
  return (
    <Field.Root id={id} invalid={!!rawErrors?.length}>
      <Field.Label>{schema.title ?? 'Customer'}</Field.Label>
      <Input
        id={id}
        type="search"
        value={text}
        placeholder="Name or SCAC"
        autoComplete="off"
        aria-describedby={helpId}
        onChange={(e) => search(e.target.value)}
      />
      {/* SPEC §9 pool-booking-allowed filter (All 0, Yes 1, No 2): which customers the search finds. */}
      <HStack gap={2}>
        <Text fontSize="sm" whiteSpace="nowrap" asChild>
          <label htmlFor={`${id}__pool`}>May pool-book</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={`${id}__pool`}
            value={poolBooking}
            onChange={(e) => {
              const allowed = Number(e.target.value);
              setPoolBooking(allowed);
              search(text, allowed);
            }}
          >
            {Object.entries(POOL_BOOKING_ALLOWED_FILTER).map(([name, code]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text id={helpId} fontSize="sm" color="fg.muted">
        Type at least {min} characters of the customer's name or SCAC.
      </Text>
      {formData !== undefined && (
        <HStack>
          <Text>Booking for {customers.nameOf(formData) ?? `customer ${formData}`}</Text>
          <Button size="xs" variant="outline" onClick={() => choose(undefined)}>
            Clear customer
          </Button>
        </HStack>
      )}
      {customers.results.length > 0 && (
        <Stack
          as="ul"
          aria-label="Matching customers"
          listStyleType="none"
          gap={1}
          maxH="60"
          overflowY="auto"
        >
          {customers.results.map((row) => (
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

export const CustomerPickerReview = observer(function CustomerPickerReview({ value, context }: ReviewProps) {
  const { session, customers } = context as WidgetContext;
  if (typeof value !== 'number') return <Text as="span">{session.isInternal ? '—' : 'Your company'}</Text>;
  return <Text as="span">{customers.nameOf(value) ?? `Customer ${value}`}</Text>;
});
