import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { requestedAccessAreas, signUpBodySchema } from '../../../schemas/sign-up';
import { HOME_PATH, LOGIN_PATH } from '../../paths';
import type { PageProps } from '../../routes';
import { useStores } from '../../stores/StoresContext';
import { FormOutcome, TextField } from './FormParts';
import { SignUpFormStore } from './SignUpFormStore';

const fields = signUpBodySchema.properties;

/** SPEC §2 /support/usersignup and /usersignup: Register as a New User. */
const SignUpPage = observer(function SignUpPage({ title }: PageProps) {
  const root = useStores();
  const [form] = useState(() => new SignUpFormStore(root.api));
  // A signed-in user has an account (and a forced reset goes on from the home route's guard).
  if (root.session.isSignedIn) return <Navigate to={HOME_PATH} replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit();
  };
  const accessError = form.error('RequestedAccess');
  return (
    <Box maxW="2xl" mx="auto" px={4} py={8}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {form.success ? (
          <>
            <FormOutcome error={null} success={form.success} />
            <Link asChild>
              <RouterLink to={LOGIN_PATH}>Back to Sign In</RouterLink>
            </Link>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack gap={4}>
              <Text>Tell us who you are and what you need; customer support sets up your access.</Text>
              <FormOutcome error={form.serverError} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                <TextField form={form} name="CompanyName" label="Company name" autoComplete="organization" />
                <TextField form={form} name="SCAC" label="SCAC" help={fields.SCAC.description} />
                <TextField form={form} name="FirstName" label="First name" autoComplete="given-name" />
                <TextField form={form} name="LastName" label="Last name" autoComplete="family-name" />
                <TextField
                  form={form}
                  name="UserName"
                  label="User name"
                  autoComplete="username"
                  help={fields.UserName.description}
                  onBlur={() => void form.checkUserName()}
                />
                <TextField form={form} name="Email" label="Email" type="email" autoComplete="email" />
                <TextField
                  form={form}
                  name="Phone"
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  help={fields.Phone.description}
                />
              </SimpleGrid>
              <Fieldset.Root invalid={!!accessError}>
                <Fieldset.Legend>Requested access</Fieldset.Legend>
                <Fieldset.HelperText>The booking areas you need.</Fieldset.HelperText>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap={2} mt={2}>
                  {requestedAccessAreas.map((area) => (
                    <Checkbox.Root
                      key={area.Value}
                      checked={form.values.RequestedAccess.includes(area.Value)}
                      onCheckedChange={(e) => form.toggleAccess(area.Value, e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{area.Label}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
                {accessError && <Fieldset.ErrorText>{accessError}</Fieldset.ErrorText>}
              </Fieldset.Root>
              <HStack justify="space-between" wrap="wrap">
                <Link asChild>
                  <RouterLink to={LOGIN_PATH}>Back to Sign In</RouterLink>
                </Link>
                <Button type="submit" colorPalette="blue" loading={form.submitting} loadingText="Register">
                  Register
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
});
export default SignUpPage;
