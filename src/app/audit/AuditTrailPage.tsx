import {
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { changeText } from '../dashboard/detail/OrderHistory';
import { formatDateTime } from '../dashboard/format';
import { TextField } from '../internal-reservation/fields';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';

/** #/audit_trail (issue 18, staff): the orders' audit trail by user, customer and day; Export to .xlsx. */
const AuditTrailPage = observer(function AuditTrailPage({ title }: PageProps) {
  const { auditTrail: store } = useStores();
  const f = store.filters;
  const result = store.result;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.search(1);
  };
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <form onSubmit={submit} aria-label="Audit trail filters" noValidate>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3} mb={3}>
            <Field.Root>
              <Field.Label>Find customer</Field.Label>
              <Input onChange={(e) => void store.findCustomers(e.target.value)} />
            </Field.Root>
            <Field.Root disabled={store.customerOptions.length === 0}>
              <Field.Label>Customer found</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={f.CustomerId}
                  onChange={(e) => store.setFilter('CustomerId', e.target.value)}
                >
                  <option value="">Choose…</option>
                  {store.customerOptions.map((c) => (
                    <option key={c.CustomerId} value={String(c.CustomerId)}>
                      {c.CustomerNameWithSCAC}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap={3}>
            <TextField
              label="User (id)"
              inputMode="numeric"
              value={f.UserId}
              onChange={(v) => store.setFilter('UserId', v)}
            />
            <TextField
              label="Customer (id)"
              inputMode="numeric"
              value={f.CustomerId}
              onChange={(v) => store.setFilter('CustomerId', v)}
            />
            <Field.Root>
              <Field.Label>Day</Field.Label>
              <Input type="date" value={f.Day} onChange={(e) => store.setFilter('Day', e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <HStack mt={3} gap={3} flexWrap="wrap">
            <Button type="submit" loading={store.busy}>
              Search
            </Button>
            <Button variant="outline" onClick={() => void store.download()} loading={store.downloading}>
              Export (Excel)
            </Button>
            <Button variant="ghost" onClick={() => store.reset()}>
              Clear
            </Button>
          </HStack>
        </form>
        {store.error && (
          <Text role="alert" color="fg.error">
            {store.error}
          </Text>
        )}
        {store.lastSaved && <Text role="status">Downloaded {store.lastSaved}.</Text>}
        {result && (
          <Stack gap={3}>
            <Text role="status">
              {result.TotalCount === 0
                ? 'No changes match these filters.'
                : `${result.TotalCount} changes; page ${store.page} of ${store.pageCount}.`}
            </Text>
            {result.Entries.length > 0 && (
              // On a phone the table scrolls sideways inside its own focusable region.
              <Table.ScrollArea tabIndex={0} role="region" aria-label="Audit trail, scrolls sideways">
                <Table.Root size="sm" aria-label="Audit trail">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>When</Table.ColumnHeader>
                      <Table.ColumnHeader>Order</Table.ColumnHeader>
                      <Table.ColumnHeader>Customer</Table.ColumnHeader>
                      <Table.ColumnHeader>By</Table.ColumnHeader>
                      <Table.ColumnHeader>Change</Table.ColumnHeader>
                      <Table.ColumnHeader>What changed</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {result.Entries.map((e) => (
                      <Table.Row key={e.AuditId}>
                        <Table.Cell whiteSpace="nowrap">{formatDateTime(e.ChangedAt)}</Table.Cell>
                        <Table.Cell>{e.BookingOrderId}</Table.Cell>
                        <Table.Cell>
                          <Button
                            variant="plain"
                            size="xs"
                            px={0}
                            title="Only this customer"
                            onClick={() => void store.narrow('CustomerId', e.CustomerId)}
                          >
                            {e.CustomerNameWithSCAC ?? '—'}
                          </Button>
                        </Table.Cell>
                        <Table.Cell>
                          <Button
                            variant="plain"
                            size="xs"
                            px={0}
                            title="Only this user"
                            disabled={e.UserId === null}
                            onClick={() => void store.narrow('UserId', e.UserId)}
                          >
                            {e.ChangedBy}
                          </Button>
                        </Table.Cell>
                        <Table.Cell textTransform="capitalize">{e.Action.replaceAll('_', ' ')}</Table.Cell>
                        <Table.Cell>
                          {e.Changes.map((c) => (
                            <Text key={c.Field} whiteSpace="nowrap">
                              {changeText(c)}
                            </Text>
                          ))}
                          {e.Note && (
                            <Text fontSize="sm" color="fg.muted">
                              {e.Note}
                            </Text>
                          )}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <HStack gap={3}>
              <Button
                variant="outline"
                size="sm"
                disabled={store.page <= 1 || store.busy}
                onClick={() => void store.search(store.page - 1)}
              >
                Previous page
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={store.page >= store.pageCount || store.busy}
                onClick={() => void store.search(store.page + 1)}
              >
                Next page
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

export default AuditTrailPage;
