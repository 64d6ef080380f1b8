/**
 * lookupSelect: a native select whose options come from a lookup dataset (ui:options.dataset),
 * loaded once by the LookupStore (SPEC §4 Lookups). Native, so label, keyboard and screen readers
 * work as everywhere else. On an array field it is a multiple select (e.g. the term lease
 * redelivery's return locations).
 */
import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { LookupDataset } from '../../domain/lookups';
import type { ReviewProps } from '../../engine/react/registry';
import type { LookupStore } from '../stores/LookupStore';
import { stringOption, type WidgetContext, widgetContextOf } from './context';

type Row = Record<string, unknown>;
interface LookupOptions {
  dataset: LookupDataset;
  value: string;
  label: (row: Row) => string;
}

const inventoryOrgLabel = (r: Row) => `${r.InventoryOrgCode} – ${r.InventoryOrgDescription}`;

/** Option names a flow file may give, and the lookup dataset and fields behind each. */
export const LOOKUP_OPTIONS: Readonly<Record<string, LookupOptions>> = {
  markets: {
    dataset: 'locationmarkets',
    value: 'MarketCode',
    label: (r) => `${r.MarketCode} – ${r.MarketName}`,
  },
  equipmentCategories: {
    dataset: 'equipmentCategories',
    value: 'EquipmentCategoryCode',
    label: (r) => String(r.EquipmentCategoryDescription ?? r.EquipmentCategoryCode),
  },
  equipmentClasses: { dataset: 'equipmentClasses', value: 'Code', label: (r) => String(r.Name ?? r.Code) },
  locations: { dataset: 'locations', value: 'LocationId', label: (r) => String(r.LocationName) },
  dailyLeaseLocations: {
    dataset: 'dailyLeaseLocations',
    value: 'LocationId',
    label: (r) => String(r.LocationName),
  },
  repositionEquipmentCategories: {
    dataset: 'repositionEquipmentCategories',
    value: 'EquipmentCategoryCode',
    label: (r) => String(r.EquipmentCategoryDescription ?? r.EquipmentCategoryCode),
  },
  repositionInventoryOrgs: {
    dataset: 'repositionInventoryOrgs',
    value: 'InventoryOrgCode',
    label: inventoryOrgLabel,
  },
  redeliveryInventoryOrgs: {
    dataset: 'redeliveryInventoryOrgs',
    value: 'InventoryOrgCode',
    label: inventoryOrgLabel,
  },
  repositionReasons: {
    dataset: 'repositionReasons',
    value: 'ReasonCode',
    label: (r) => String(r.ReasonDescription ?? r.ReasonCode),
  },
  termLeaseContracts: {
    dataset: 'filteredLongtermMarket',
    value: 'ContractId',
    label: (r) => String(r.ContractNumber ?? r.ContractId),
  },
  poolRedeliveryReasons: {
    dataset: 'poolRedeliveryReasons',
    value: 'ReasonCode',
    label: (r) => String(r.ReasonDescription ?? r.ReasonCode),
  },
};

function choicesOf(lookups: LookupStore, name: string) {
  const source = LOOKUP_OPTIONS[name];
  if (!source) return [];
  // A dataset may list one value on several rows (a contract once per market): offer it once.
  const seen = new Set<string>();
  return lookups
    .rows<Row>(source.dataset)
    .filter((row) => {
      const key = String(row[source.value]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({ value: row[source.value], label: source.label(row) }));
}

export const LookupSelectWidget = observer(function LookupSelectWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, rawErrors, options, schema, registry } = props;
  const { lookups } = widgetContextOf(registry);
  const choices = choicesOf(lookups, stringOption(options, 'dataset'));
  if (schema.type === 'array') return <LookupMultiSelect {...props} choices={choices} />;
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const known = choices.some((c) => String(c.value) === String(value ?? ''));
  return (
    <Field.Root id={id} required={required} disabled={disabled || readonly} invalid={!!rawErrors?.length}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          name={id}
          value={value ?? ''}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(e) => {
            const raw = e.target.value;
            props.onChange(raw === '' ? undefined : numeric ? Number(raw) : raw);
          }}
          onBlur={() => props.onBlur(id, value)}
          onFocus={() => props.onFocus(id, value)}
        >
          <option value="">{choices.length === 0 ? 'Loading…' : 'Choose…'}</option>
          {value !== undefined && !known && <option value={String(value)}>{String(value)}</option>}
          {choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
});

type Choice = { value: unknown; label: string };

/** The array form: the values chosen, in the list's order; none chosen is no value. */
function LookupMultiSelect(props: WidgetProps & { choices: Choice[] }) {
  const { id, value, label, required, disabled, readonly, rawErrors, schema, choices } = props;
  const items = (schema.items ?? {}) as { type?: unknown };
  const numeric = items.type === 'integer' || items.type === 'number';
  const chosen = (Array.isArray(value) ? value : []).map(String);
  const unknown = chosen.filter((v) => !choices.some((c) => String(c.value) === v));
  return (
    <Field.Root id={id} required={required} disabled={disabled || readonly} invalid={!!rawErrors?.length}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <select
        id={id}
        name={id}
        multiple
        size={Math.min(6, Math.max(3, choices.length))}
        value={chosen}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        style={{ width: '100%', padding: '4px 8px', border: '1px solid', borderRadius: '4px' }}
        onChange={(e) => {
          const picked = [...e.target.selectedOptions].map((o) => (numeric ? Number(o.value) : o.value));
          props.onChange(picked.length > 0 ? picked : undefined);
        }}
        onBlur={() => props.onBlur(id, value)}
        onFocus={() => props.onFocus(id, value)}
      >
        {unknown.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </select>
      <Field.HelperText>Ctrl or ⌘ and click, or Shift and the arrows, to choose several.</Field.HelperText>
    </Field.Root>
  );
}

/** On the review step: the option's name, not its code. */
export const LookupSelectReview = observer(function LookupSelectReview({
  value,
  uiSchema,
  context,
}: ReviewProps) {
  const { lookups } = context as WidgetContext;
  const name = stringOption(uiSchema['ui:options'] as Record<string, unknown>, 'dataset');
  const choices = choicesOf(lookups, name);
  const labelOf = (v: unknown) => choices.find((c) => String(c.value) === String(v))?.label ?? String(v);
  if (Array.isArray(value))
    return <Text as="span">{value.length === 0 ? '—' : value.map(labelOf).join(', ')}</Text>;
  return <Text as="span">{value === undefined ? '—' : labelOf(value)}</Text>;
});
