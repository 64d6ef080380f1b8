import { Box, Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { formatDateTime } from '../dashboard/format';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';

/** #/my_chassis (issue 31): the company's chassis on hire, searchable, downloadable as CSV. */
const MyChassisPage = observer(function MyChassisPage({ title }: PageProps) {
  const { myChassis: store } = useStores();
  useEffect(() => {
    if (!store.result) void store.load(1);
  }, [store]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.load(1);
  };
  const result = store.result;
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <form onSubmit={submit} aria-label="Search my chassis" noValidate>
          <HStack gap={3} flexWrap="wrap" alignItems="end">
            <Box flex="1" minW="12rem">
              <label htmlFor="my-chassis-search">
                <Text fontSize="sm" mb={1}>
                  Chassis ID, booking, contract or location
                </Text>
              </label>
              <Input
                id="my-chassis-search"
                value={store.search}
                onChange={(e) => store.setSearch(e.target.value)}
              />
            </Box>
            <Button type="submit" loading={store.busy}>
              Search
            </Button>
            <Button variant="outline" onClick={() => void store.download()}>
              Download (CSV)
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
                ? store.search.trim()
                  ? `None of your chassis on hire match "${store.search.trim()}". Clear the search to see them all.`
                  : 'Your company has no chassis on hire.'
                : `${result.TotalCount} chassis on hire; page ${store.page} of ${store.pageCount}.`}
            </Text>
            {result.ResultSet.length > 0 && (
              <Table.ScrollArea tabIndex={0} role="region" aria-label="My chassis, scrolls sideways">
                <Table.Root size="sm" aria-label="My chassis">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Chassis ID</Table.ColumnHeader>
                      <Table.ColumnHeader>Size and class</Table.ColumnHeader>
                      <Table.ColumnHeader>On hire since</Table.ColumnHeader>
                      <Table.ColumnHeader>From</Table.ColumnHeader>
                      <Table.ColumnHeader>Picked up at</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {result.ResultSet.map((c) => (
                      <Table.Row key={c.ChassisId}>
                        <Table.Cell fontWeight="semibold">{c.ChassisId}</Table.Cell>
                        <Table.Cell>
                          {c.EquipmentSizeName} {c.EquipmentClassName}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          {c.OnHireSince ? formatDateTime(c.OnHireSince) : '—'}
                        </Table.Cell>
                        <Table.Cell>
                          {c.ContractNumber
                            ? `Term lease ${c.ContractNumber}`
                            : c.BookingCode
                              ? `Booking ${c.BookingCode}`
                              : '—'}
                        </Table.Cell>
                        <Table.Cell>{c.PickedUpAt ?? '—'}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            {store.pageCount > 1 && (
              <HStack gap={3}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={store.page <= 1 || store.busy}
                  onClick={() => void store.load(store.page - 1)}
                >
                  Previous page
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={store.page >= store.pageCount || store.busy}
                  onClick={() => void store.load(store.page + 1)}
                >
                  Next page
                </Button>
              </HStack>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

export default MyChassisPage;
