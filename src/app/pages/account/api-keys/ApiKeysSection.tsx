/**
 * Issue 18: "API keys" on My Account, for whoever holds integrationsManage: the company's keys
 * (prefix, abilities, created, expires, last used, status), the create form (name, abilities,
 * expiry), the new key shown once with a copy button, and Revoke after a confirmation. Renders the
 * ApiKeysStore; no call is made here.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Code,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { API_KEY_ABILITIES } from '../../../../domain/policies';
import { DataList } from '../../../components/DataList';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatDateTime } from '../../../dashboard/format';
import { useStores } from '../../../stores/StoresContext';
import { CompanyFinder } from '../CompanyFinder';
import { FormOutcome } from '../FormParts';
import { ABILITY_LABELS, ApiKeysStore } from './ApiKeysStore';

export const ApiKeysSection = observer(function ApiKeysSection() {
  const root = useStores();
  const [store] = useState(
    () =>
      new ApiKeysStore({
        api: root.api,
        session: root.session,
        confirm: (options) => root.dialogs.confirm(options),
        copy: (text) => navigator.clipboard.writeText(text),
        messages: root.messages,
      }),
  );
  useEffect(() => {
    void store.load();
  }, [store]);
  if (!store.allowed) return null;
  const ready = !store.choosesCompany || store.company !== null;
  return (
    <Stack gap={4} as="section" aria-labelledby="api-keys-heading">
      <Heading as="h2" size="md" id="api-keys-heading">
        API keys
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Your company's systems call the portal's API with a key: send it as{' '}
        <Code>Authorization: ApiKey …</Code>. A key acts as the person who made it, for this company only,
        with the abilities you choose.
      </Text>
      {store.choosesCompany && (
        <CompanyFinder
          finder={store.finder}
          value={store.company?.CustomerId ?? null}
          onChoose={(company) => store.chooseCompany(company)}
          textLabel="Find a company for API keys"
          listLabel="Company of the API keys"
        />
      )}
      <FormOutcome error={store.loadError} />
      {store.created && <NewKey store={store} />}
      {ready && store.loaded && store.keys.length === 0 && <Text>No API keys yet.</Text>}
      {store.keys.length > 0 && (
        <DataList
          label="API keys"
          rows={store.keys}
          rowKey={(k) => k.ApiKeyId}
          columns={[
            {
              header: 'Name',
              minW: '9rem',
              cell: (k) => (
                <Stack gap={0}>
                  <Text fontWeight="medium">{k.Name}</Text>
                  <Code w="fit-content">{k.Prefix}…</Code>
                </Stack>
              ),
            },
            {
              header: 'Abilities',
              cell: (k) => k.Abilities.map((a) => ABILITY_LABELS[a].split(':')[0]).join(', '),
            },
            {
              header: 'Created',
              minW: '8rem',
              cell: (k) => `${formatDate(k.CreatedAt)}${k.CreatedBy ? ` by ${k.CreatedBy}` : ''}`,
            },
            { header: 'Expires', minW: '7rem', cell: (k) => formatDate(k.ExpiresAt) || '—' },
            { header: 'Last used', minW: '8rem', cell: (k) => formatDateTime(k.LastUsedAt) || 'Never' },
          ]}
          actions={{
            header: 'Status',
            minW: '7rem',
            cell: (k) => (
              <Stack gap={1}>
                <StatusBadge tone={k.Status === 'Active' ? 'success' : 'neutral'}>{k.Status}</StatusBadge>
                {k.Status === 'Active' && (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    w="fit-content"
                    aria-label={`Revoke ${k.Name}`}
                    onClick={() => void store.revoke(k)}
                  >
                    Revoke
                  </Button>
                )}
              </Stack>
            ),
          }}
        />
      )}
      {ready && !store.draft && (
        <Box>
          <Button variant="outline" onClick={() => store.startNew()}>
            Create API Key
          </Button>
        </Box>
      )}
      {store.draft && <CreateForm store={store} />}
    </Stack>
  );
});

const NewKey = observer(function NewKey({ store }: { store: ApiKeysStore }) {
  const created = store.created;
  if (!created) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Copy the key "{created.Name}" now: it is not shown again.</Alert.Title>
        <Alert.Description>
          <Stack gap={2}>
            <Code wordBreak="break-all" aria-label="New API key">
              {created.Key}
            </Code>
            <Text fontSize="sm">
              Only a fingerprint of it is kept. Lost it? Revoke it and create another.
            </Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
      <HStack>
        <Button size="xs" variant="outline" onClick={() => void store.copyKey()}>
          {store.copied ? 'Copied' : 'Copy Key'}
        </Button>
        <Button size="xs" variant="outline" onClick={() => store.dismissKey()}>
          Done
        </Button>
      </HStack>
    </Alert.Root>
  );
});

const CreateForm = observer(function CreateForm({ store }: { store: ApiKeysStore }) {
  const draft = store.draft;
  if (!draft) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.create();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Create API key">
      <Stack gap={4} borderWidth="1px" borderRadius="md" p={4}>
        <Heading as="h3" size="sm">
          Create API key{store.company ? ` for ${store.company.Name}` : ''}
        </Heading>
        <FormOutcome error={store.draftError} />
        <Field.Root required>
          <Field.Label>Name</Field.Label>
          <Input value={draft.Name} maxLength={100} onChange={(e) => store.setName(e.target.value)} />
          <Field.HelperText>Which system uses it, e.g. "TMS production".</Field.HelperText>
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend>Abilities</Fieldset.Legend>
          <Stack gap={1}>
            {API_KEY_ABILITIES.map((a) => (
              <Checkbox.Root
                key={a}
                checked={draft.Abilities.includes(a)}
                onCheckedChange={() => store.toggleAbility(a)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{ABILITY_LABELS[a]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <Field.Root required>
          <Field.Label>Expires on</Field.Label>
          <Input type="date" value={draft.ExpiresAt} onChange={(e) => store.setExpiresAt(e.target.value)} />
          <Field.HelperText>
            At most two years ahead; the key works to the end of that day (UTC).
          </Field.HelperText>
        </Field.Root>
        <HStack>
          <Button type="submit" loading={store.saving}>
            Create Key
          </Button>
          <Button variant="ghost" onClick={() => store.closeDraft()}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
});
