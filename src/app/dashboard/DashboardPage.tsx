import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Paginator } from '../components/Paginator';
import { HubBadge } from '../hub/HubBadge';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { ExportBar } from './ExportBar';
import { NewOrdersNotice } from './NewOrdersNotice';
import { ResultsTable } from './ResultsTable';
import { SearchForm } from './SearchForm';
import { StartSummary } from './StartSummary';

/** #/app/dashboard, the home route (SPEC §2): search, results, paging, exports, live updates. */
const DashboardPage = observer(function DashboardPage({ title }: PageProps) {
  const { dashboard, hub } = useStores();
  useEffect(() => {
    // The route's `enter` has usually opened it already, before this code arrived (routes.tsx).
    dashboard.open();
    hub.connect();
  }, [dashboard, hub]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <HStack justify="space-between" align="center">
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <HubBadge />
        </HStack>
        <StartSummary />
        <SearchForm />
        <HStack justify="space-between" wrap="wrap" gap={3}>
          <ExportBar />
          <NewOrdersNotice />
        </HStack>
        <ResultsTable />
        <Paginator
          window={dashboard.window}
          total={dashboard.totalCount}
          more={dashboard.totalCapped}
          disabled={dashboard.loading || !dashboard.applied}
          onPage={(page) => void dashboard.goToPage(page)}
        />
      </Stack>
    </Box>
  );
});

export default DashboardPage;
