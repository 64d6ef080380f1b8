import {
  Box,
  Button,
  Checkbox,
  DataList,
  Fieldset,
  Heading,
  Separator,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { notificationPreferencesSchema, updateAccountBodySchema } from '../../../schemas/account';
import type { PageProps } from '../../routes';
import { useStores } from '../../stores/StoresContext';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { FormOutcome, NewPasswordFields, TextField } from './FormParts';
import { type ChangePasswordForm, MyAccountStore, type ProfileForm } from './MyAccountStore';
import { WebhooksSection } from './webhooks/WebhooksSection';

const preferenceLabels = {
  BookingNotifications: notificationPreferencesSchema.properties.BookingNotifications.description,
  SecurityAlerts: notificationPreferencesSchema.properties.SecurityAlerts.description,
} as const;

/** SPEC §2 /my_account/info: view and update name, email, phone and notifications; change password. */
const MyAccountPage = observer(function MyAccountPage({ title }: PageProps) {
  const root = useStores();
  const [store] = useState(() => new MyAccountStore(root.api, root.session));
  useEffect(() => {
    void store.load();
  }, [store]);
  const account = store.account;
  return (
    <Box maxW="3xl" mx="auto" px={{ base: 4, md: 8 }} py={8}>
      <Stack gap={6}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {store.loadError && <FormOutcome error={store.loadError} />}
        {!account && !store.loadError && <Spinner role="status" aria-label="Loading your account" />}
        {account && (
          <>
            <DataList.Root orientation="horizontal" aria-label="Account">
              <DataList.Item>
                <DataList.ItemLabel>User name</DataList.ItemLabel>
                <DataList.ItemValue>{account.UserName}</DataList.ItemValue>
              </DataList.Item>
              {account.CompanyName && (
                <DataList.Item>
                  <DataList.ItemLabel>Company</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {account.CompanyName}
                    {account.SCAC ? ` (${account.SCAC})` : ''}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
            </DataList.Root>
            <ProfileSection form={store.profile} />
            <Separator />
            {account.CanChangePassword ? (
              <PasswordSection form={store.password} />
            ) : (
              <Stack gap={2}>
                <Heading as="h2" size="md">
                  Password
                </Heading>
                <Text>Your password is managed by the company directory. Change it there.</Text>
              </Stack>
            )}
            <ApiKeysSection />
            <WebhooksSection />
          </>
        )}
      </Stack>
    </Box>
  );
});
export default MyAccountPage;

const ProfileSection = observer(function ProfileSection({ form }: { form: ProfileForm }) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your details">
      <Stack gap={4}>
        <Heading as="h2" size="md">
          Your details
        </Heading>
        <FormOutcome error={form.serverError} success={form.success} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
          <TextField form={form} name="FirstName" label="First name" autoComplete="given-name" />
          <TextField form={form} name="LastName" label="Last name" autoComplete="family-name" />
          <TextField form={form} name="Email" label="Email" type="email" autoComplete="email" />
          <TextField
            form={form}
            name="Phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            required={false}
            help={updateAccountBodySchema.properties.Phone.description}
          />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend>Notifications</Fieldset.Legend>
          <Stack gap={2} mt={2}>
            {(Object.keys(preferenceLabels) as (keyof typeof preferenceLabels)[]).map((key) => (
              <Checkbox.Root
                key={key}
                checked={form.values.NotificationPreferences[key]}
                onCheckedChange={(e) => form.setPreference(key, e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{preferenceLabels[key]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Box>
          <Button type="submit" colorPalette="blue" loading={form.submitting} loadingText="Save Changes">
            Save Changes
          </Button>
        </Box>
      </Stack>
    </form>
  );
});

const PasswordSection = observer(function PasswordSection({ form }: { form: ChangePasswordForm }) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap={4} maxW="md">
        <Heading as="h2" size="md">
          Change password
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Changing your password signs you out everywhere else.
        </Text>
        <FormOutcome error={form.serverError} success={form.success} />
        <TextField
          form={form}
          name="CurrentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} />
        <Box>
          <Button type="submit" colorPalette="blue" loading={form.submitting} loadingText="Change Password">
            Change Password
          </Button>
        </Box>
      </Stack>
    </form>
  );
});
