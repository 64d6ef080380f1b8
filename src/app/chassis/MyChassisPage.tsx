import { Box, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect } from 'react';
import { DataList } from '../components/DataList';
import { PageSteps } from '../components/Paginator';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { heldFrom, heldSince } from './held-chassis-text';
import { myChassisStore } from './MyChassisStore';

/** #/my_chassis (issue 31): the company's chassis on hire, searchable, downloadable as CSV. */
const MyChassisPage = observer(function MyChassisPage({ title }: PageProps) {
  const store = myChassisStore(useStores());
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
              // Issue 25's list: cards on a phone, the chassis ID kept in view at desktop widths.
              <DataList
                label="My chassis"
                rows={result.ResultSet}
                rowKey={(c) => c.ChassisId}
                columns={[
                  { header: 'Chassis ID', cell: (c) => c.ChassisId },
                  { header: 'Size and class', cell: (c) => `${c.EquipmentSizeName} ${c.EquipmentClassName}` },
                  { header: 'On hire since', cell: heldSince },
                  { header: 'From', cell: heldFrom },
                  // A fact, not an action: labelled on a phone's card like the rest.
                  { header: 'Picked up at', cell: (c) => c.PickedUpAt ?? '—' },
                ]}
              />
            )}
            <PageSteps
              page={store.page}
              pageCount={store.pageCount}
              busy={store.busy}
              onPage={(n) => void store.load(n)}
            />
          </Stack>
        )}
      </Stack>
    </Box>
  );
});

export default MyChassisPage;
