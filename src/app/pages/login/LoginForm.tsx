import { Button, Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FormEvent, KeyboardEvent } from 'react';
import type { LoginFormStore } from './LoginFormStore';

/** SPEC §2 Login screen fields: Username, Password, Remember Username, Sign In. */
export const LoginForm = observer(function LoginForm({ form }: { form: LoginFormStore }) {
  // SPEC §2: the Caps Lock warning follows what the last key event reports.
  const watchCapsLock = (e: KeyboardEvent<HTMLInputElement>) =>
    form.setCapsLock(e.getModifierState('CapsLock'));
  // A disabled Sign In blocks the browser's submit on Enter; the form says what is missing instead.
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !form.canSubmit) form.explainMissing();
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // On success the session holds a token and the page redirects; on failure the form shows why.
    await form.submit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap={4}>
        <Field.Root required>
          <Field.Label>Username</Field.Label>
          <Input
            name="username"
            autoComplete="username"
            // The page is for signing in: the cursor starts where the user types first (issue 14).
            autoFocus
            value={form.username}
            onChange={(e) => form.setUsername(e.target.value)}
            onKeyDown={(e) => {
              watchCapsLock(e);
              onEnter(e);
            }}
            onKeyUp={watchCapsLock}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => form.setPassword(e.target.value)}
            onKeyDown={(e) => {
              watchCapsLock(e);
              onEnter(e);
            }}
            onKeyUp={watchCapsLock}
          />
        </Field.Root>
        {form.missing && (
          <Text role="alert" color="fg.error">
            {form.missing}
          </Text>
        )}
        {form.capsLock && (
          <Text role="status" color="orange.600" fontWeight="semibold">
            Caps Lock Is On
          </Text>
        )}
        <Checkbox.Root checked={form.remember} onCheckedChange={(e) => form.setRemember(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Remember Username</Checkbox.Label>
        </Checkbox.Root>
        <Button
          type="submit"
          colorPalette="blue"
          disabled={!form.canSubmit}
          loading={form.submitting}
          loadingText="Sign In"
        >
          Sign In
        </Button>
      </Stack>
    </form>
  );
});
