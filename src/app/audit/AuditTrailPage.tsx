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
  Text,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import type { AuditEntry } from '../../schemas/audit';
import { DataList, type ListColumn } from '../components/DataList';
import { TextField } from '../components/fields';
import { ListPaginator } from '../components/Paginator';
import { actionText, changeText } from '../dashboard/detail/OrderHistory';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { type AuditTrailStore, auditTrailStore } from './AuditTrailStore';

/** #/audit_trail (issue 18, staff): the orders' audit trail by user, customer and day; Export to .xlsx. */
const AuditTrailPage = observer(function AuditTrailPage({ title }: PageProps) {
  const store = auditTrailStore(useStores());
  const f = store.filters;
  const list = store.list;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.search();
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
            <Button type="submit" loading={list.loading}>
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
        {list.applied && !list.loading && !list.error && list.total > 0 && (
          <Text role="status">
            {list.total} changes; page {list.page} of {list.lastPage}.
          </Text>
        )}
        <DataList
          label="Audit trail"
          rows={list.rows}
          rowKey={(e) => e.AuditId}
          columns={columns(store)}
          loading={list.loading}
          error={list.error}
          empty={list.applied ? 'No changes match these filters. Clear a filter to see more.' : null}
        />
        <ListPaginator list={list} />
      </Stack>
    </Box>
  );
});

export default AuditTrailPage;

function columns(store: AuditTrailStore): ListColumn<AuditEntry>[] {
  return [
    {
      header: 'Change',
      minW: '10rem',
      cell: (e) => (
        <Stack gap={0}>
          <Text fontWeight="medium">Order {e.BookingOrderId}</Text>
          <Text fontSize="xs">{actionText(e.Action)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(e.ChangedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Customer',
      minW: '10rem',
      cell: (e) => (
        <Button
          variant="plain"
          size="xs"
          px={0}
          h="auto"
          whiteSpace="normal"
          textAlign="start"
          title="Only this customer"
          onClick={() => void store.narrow('CustomerId', e.CustomerId)}
        >
          {e.CustomerNameWithSCAC ?? '—'}
        </Button>
      ),
    },
    {
      header: 'By',
      minW: '8rem',
      cell: (e) => (
        <Button
          variant="plain"
          size="xs"
          px={0}
          h="auto"
          whiteSpace="normal"
          textAlign="start"
          title="Only this user"
          disabled={e.UserId === null}
          onClick={() => void store.narrow('UserId', e.UserId)}
        >
          {e.ChangedBy}
        </Button>
      ),
    },
    {
      header: 'What changed',
      minW: '14rem',
      cell: (e) => (
        <>
          {e.Changes.map((c) => (
            <Text key={c.Field}>{changeText(c)}</Text>
          ))}
          {e.Note && (
            <Text fontSize="sm" color="fg.muted">
              {e.Note}
            </Text>
          )}
        </>
      ),
    },
  ];
}
