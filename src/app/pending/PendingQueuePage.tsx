import { Box, Heading, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ListPaginator } from '../components/Paginator';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { PendingActions } from './PendingActions';
import { pendingQueueStore } from './PendingQueueStore';
import { PendingSearchForm } from './PendingSearchForm';
import { PendingTable } from './PendingTable';

/** #/pending_processing/request (SPEC §2): the pending requests list with accept, reject and validate. */
const PendingQueuePage = observer(function PendingQueuePage({ title }: PageProps) {
  const queue = pendingQueueStore(useStores());
  useEffect(() => {
    void queue.open();
  }, [queue]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <PendingSearchForm />
        <PendingActions />
        <PendingTable />
        <ListPaginator list={queue.list} />
      </Stack>
    </Box>
  );
});

export default PendingQueuePage;
