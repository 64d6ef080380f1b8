/**
 * Issue 18: "Webhooks" on My Account, for whoever holds integrationsManage: the company's
 * subscriptions, the add / edit form (URL, events, locations for availability), delete, the
 * secret shown once, and per subscription its delivery log with "Send again". Renders the
 * WebhooksStore; no call is made here.
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
import type { LocationRow } from '../../../../domain/lookups';
import { WEBHOOK_EVENTS } from '../../../../schemas/webhooks';
import { DataList } from '../../../components/DataList';
import { StatusBadge, type Tone } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../dashboard/format';
import { useStores } from '../../../stores/StoresContext';
import { CompanyFinder } from '../CompanyFinder';
import { FormOutcome } from '../FormParts';
import type { DeliveryLogStore } from './DeliveryLogStore';
import { EVENT_LABELS, WebhooksStore } from './WebhooksStore';

const DELIVERY_TONES: Record<string, Tone> = {
  delivered: 'success',
  pending: 'attention',
  failed: 'critical',
};
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const WebhooksSection = observer(function WebhooksSection() {
  const root = useStores();
  const [store] = useState(
    () =>
      new WebhooksStore({
        api: root.api,
        session: root.session,
        locations: () => root.lookups.rows<LocationRow>('locations'),
        confirm: (options) => root.dialogs.confirm(options),
        messages: root.messages,
      }),
  );
  useEffect(() => {
    void store.load();
  }, [store]);
  if (!store.allowed) return null;
  return (
    <Stack gap={4} as="section" aria-labelledby="webhooks-heading">
      <Heading as="h2" size="md" id="webhooks-heading">
        Webhooks
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Your systems hear of order changes the moment they happen: each event is POSTed to your URL, signed
        with the subscription's secret (docs: Integrations, Webhooks).
      </Text>
      <FormOutcome error={store.loadError} />
      {store.secret && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Copy the signing secret now: it is not shown again.</Alert.Title>
            <Alert.Description>
              <Code wordBreak="break-all" aria-label="Signing secret">
                {store.secret.Secret}
              </Code>
            </Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => store.dismissSecret()}>
            Done
          </Button>
        </Alert.Root>
      )}
      {store.loaded && store.subscriptions.length === 0 && <Text>No webhooks yet.</Text>}
      {store.subscriptions.length > 0 && (
        <DataList
          label="Webhook subscriptions"
          rows={store.subscriptions}
          rowKey={(s) => s.SubscriptionId}
          columns={[
            {
              header: 'URL',
              minW: '14rem',
              cell: (s) => (
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {s.Url}
                </Text>
              ),
            },
            ...(store.choosesCompany
              ? [{ header: 'Company', cell: (s: (typeof store.subscriptions)[number]) => s.CustomerName }]
              : []),
            {
              header: 'Events',
              minW: '10rem',
              cell: (s) => s.Events.map((e) => EVENT_LABELS[e as keyof typeof EVENT_LABELS] ?? e).join(', '),
            },
          ]}
          actions={{
            header: 'State',
            minW: '12rem',
            cell: (s) => (
              <Stack gap={1}>
                <StatusBadge tone={s.Active ? 'success' : 'neutral'}>
                  {s.Active ? 'Active' : 'Paused'}
                </StatusBadge>
                <HStack gap={1} flexWrap="wrap">
                  <Button size="xs" variant="outline" onClick={() => store.edit(s)}>
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() =>
                      void store.log.show(
                        store.log.subscriptionId === s.SubscriptionId ? null : s.SubscriptionId,
                      )
                    }
                  >
                    Delivery Log
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => void store.rotateSecret(s)}>
                    New Secret
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => void store.remove(s)}>
                    Delete
                  </Button>
                </HStack>
              </Stack>
            ),
          }}
        />
      )}
      {store.log.subscriptionId !== null && <DeliveryLog log={store.log} />}
      {store.draft ? (
        <SubscriptionForm store={store} />
      ) : (
        <Box>
          <Button colorPalette="blue" onClick={() => store.startNew()}>
            Add Webhook
          </Button>
        </Box>
      )}
    </Stack>
  );
});

const DeliveryLog = observer(function DeliveryLog({ log }: { log: DeliveryLogStore }) {
  return (
    <Stack gap={2}>
      <Heading as="h3" size="sm">
        Delivery log
      </Heading>
      <FormOutcome error={log.error} />
      {log.deliveries.length === 0 && !log.error && <Text fontSize="sm">No deliveries yet.</Text>}
      {log.deliveries.length > 0 && (
        <DataList
          label="Delivery log"
          rows={log.deliveries}
          rowKey={(d) => d.DeliveryId}
          columns={[
            {
              header: 'Event',
              minW: '10rem',
              cell: (d) => (
                <Stack gap={0}>
                  <Text fontWeight="medium">
                    {EVENT_LABELS[d.Event as keyof typeof EVENT_LABELS] ?? d.Event}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(d.LastAttemptAt ?? d.OccurredAt)}
                  </Text>
                </Stack>
              ),
            },
            { header: 'Order', cell: (d) => d.BookingOrderId ?? '—' },
            { header: 'Attempts', align: 'end', cell: (d) => d.Attempts },
            {
              header: 'Last error',
              minW: '10rem',
              cell: (d) => <Text overflowWrap="anywhere">{d.LastError ?? '—'}</Text>,
            },
          ]}
          actions={{
            header: 'Status',
            minW: '9rem',
            cell: (d) => (
              <Stack gap={1}>
                <StatusBadge tone={DELIVERY_TONES[d.Status] ?? 'neutral'}>
                  {capitalised(d.Status)}
                </StatusBadge>
                {d.Status === 'pending' && d.NextAttemptAt && (
                  <Text fontSize="xs">Next try {formatDateTime(d.NextAttemptAt)}</Text>
                )}
                <Button size="xs" variant="outline" w="fit-content" onClick={() => void log.resend(d)}>
                  Send Again
                </Button>
              </Stack>
            ),
          }}
        />
      )}
    </Stack>
  );
});

const SubscriptionForm = observer(function SubscriptionForm({ store }: { store: WebhooksStore }) {
  const draft = store.draft;
  if (!draft) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void store.save();
  };
  const wantsAvailability = draft.Events.includes('availability.changed');
  return (
    <form onSubmit={onSubmit} noValidate aria-label={draft.SubscriptionId ? 'Edit webhook' : 'Add webhook'}>
      <Stack gap={4} borderWidth="1px" borderRadius="md" p={4}>
        <Heading as="h3" size="sm">
          {draft.SubscriptionId ? 'Edit webhook' : 'Add webhook'}
        </Heading>
        <FormOutcome error={store.draftError} />
        {store.choosesCompany && draft.SubscriptionId === null && (
          <CompanyFinder
            finder={store.finder}
            value={draft.CustomerId}
            onChoose={(company) => store.chooseCompany(company)}
            textLabel="Find a company"
            listLabel="Company"
          />
        )}
        {draft.SubscriptionId !== null && store.choosesCompany && <Text>Company: {draft.CustomerName}</Text>}
        <Field.Root required>
          <Field.Label>URL</Field.Label>
          <Input
            value={draft.Url}
            type="url"
            placeholder="https://tms.example.com/hooks/portal"
            onChange={(e) => store.setUrl(e.target.value)}
          />
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend>Events</Fieldset.Legend>
          <Stack gap={1} mt={2}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox.Root
                key={event}
                checked={draft.Events.includes(event)}
                onCheckedChange={(e) => store.toggleEvent(event, e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{EVENT_LABELS[event]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        {wantsAvailability && (
          <Fieldset.Root>
            <Fieldset.Legend>Locations ({draft.LocationIds.length} chosen)</Fieldset.Legend>
            <Input
              mt={2}
              value={store.locationFilter}
              placeholder="Filter by name or market"
              aria-label="Filter locations"
              onChange={(e) => store.setLocationFilter(e.target.value)}
            />
            <Stack gap={1} mt={2} maxH="48" overflowY="auto">
              {store.locationChoices.map((l) => (
                <Checkbox.Root
                  key={l.LocationId}
                  checked={draft.LocationIds.includes(l.LocationId)}
                  onCheckedChange={(e) => store.toggleLocation(l.LocationId, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {l.LocationName} ({l.LocationMarketCode})
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Fieldset.Root>
        )}
        <Checkbox.Root checked={draft.Active} onCheckedChange={(e) => store.setActive(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Active (a paused webhook gets no new events)</Checkbox.Label>
        </Checkbox.Root>
        <HStack>
          <Button type="submit" colorPalette="blue" loading={store.saving} loadingText="Save Webhook">
            Save Webhook
          </Button>
          <Button variant="outline" onClick={() => store.closeDraft()}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
});
