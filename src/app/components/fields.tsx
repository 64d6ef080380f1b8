import { Field, Input, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type Option = { value: string; label: string };

/** A labelled native select: the one select field of the staff screens' filters and forms. */
export function SelectField(props: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  /** The empty choice's text; none when absent. */
  any?: string;
  disabled?: boolean;
  helper?: ReactNode;
}) {
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {props.any !== undefined && <option value="">{props.any}</option>}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.helper && <Field.HelperText>{props.helper}</Field.HelperText>}
    </Field.Root>
  );
}

export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'text';
  disabled?: boolean;
  maxLength?: number;
}) {
  return (
    <Field.Root disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        value={props.value}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field.Root>
  );
}

/** Chassis sizes (the pool books chassis) from the equipment categories lookup, by their names. */
export const chassisSizes = (
  rows: readonly { EquipmentCategoryCode: string; EquipmentCategoryDescription?: string }[],
): Option[] =>
  rows
    .filter((r) => r.EquipmentCategoryCode.startsWith('Chassis.'))
    .map((r) => ({
      value: r.EquipmentCategoryCode,
      label: r.EquipmentCategoryDescription || r.EquipmentCategoryCode,
    }));
