import { Alert, Field, Input, type InputProps } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { PASSWORD_POLICY_TEXT } from '../../../schemas/account';
import type { AccountForm } from './AccountForm';

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

interface TextFieldProps<V extends object> extends Omit<InputProps, 'form' | 'value'> {
  form: AccountForm<V>;
  name: NoInfer<TextKeys<V>>;
  label: string;
  help?: ReactNode;
  required?: boolean;
}

/** A labelled text field bound to an account form: its problem shows under it once submitted. */
export const TextField = observer(function TextField<V extends object>({
  form,
  name,
  label,
  help,
  required = true,
  ...input
}: TextFieldProps<V>) {
  const error = form.error(name as Extract<keyof V, string>);
  return (
    <Field.Root required={required} invalid={!!error}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={name}
        value={form.values[name] as string}
        onChange={(e) => form.set(name, e.target.value as V[typeof name])}
        {...input}
      />
      {help && !error && <Field.HelperText>{help}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}) as <V extends object>(props: TextFieldProps<V>) => ReactNode;

/** The server's refusal (SPEC §8 message) or its success message, announced to screen readers. */
export function FormOutcome({ error, success }: { error: string | null; success?: string | null }) {
  if (error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{error}</Alert.Description>
      </Alert.Root>
    );
  }
  if (success) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Description>{success}</Alert.Description>
      </Alert.Root>
    );
  }
  return null;
}

/** A new password and its confirmation, with the policy under the first (reset and change password). */
export function NewPasswordFields<V extends { NewPassword: string; ConfirmPassword: string }>({
  form,
}: {
  form: AccountForm<V>;
}) {
  // The two names are TextKeys of any V with these string fields; TypeScript cannot see it generically.
  const named = form as unknown as AccountForm<{ NewPassword: string; ConfirmPassword: string }>;
  return (
    <>
      <TextField
        form={named}
        name="NewPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        help={PASSWORD_POLICY_TEXT}
      />
      <TextField
        form={named}
        name="ConfirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
