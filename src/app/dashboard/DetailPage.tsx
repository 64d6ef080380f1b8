import { Box, Button, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { HubBadge } from '../hub/HubBadge';
import { HOME_PATH } from '../paths';
import { useStores } from '../stores/StoresContext';
import { CancelOrder } from './detail/CancelOrder';
import { OpenOrderActions } from './detail/OpenOrderActions';
import { OrderBookings } from './detail/OrderBookings';
import { OrderHistory } from './detail/OrderHistory';
import { OrderLocations } from './detail/OrderLocations';
import { OrderSummary } from './detail/OrderSummary';
import { TYPE_PARAM } from './row-actions';

/** #/app/dashboard/details/:id: the whole order behind a dashboard row. */
const DetailPage = observer(function DetailPage() {
  const { dashboardDetail: store, hub, dialogs } = useStores();
  const navigate = useNavigate();
  const { id } = useParams();
  const [query] = useSearchParams();
  const orderId = /^\d+$/.test(id ?? '') ? Number(id) : null;
  const orderType = query.get(TYPE_PARAM);
  useEffect(() => {
    hub.connect();
    if (orderId !== null) void store.load(orderId, { orderType });
  }, [orderId, orderType, store, hub]);

  // SPEC §5: back to dashboard asks first, when there is typed work (the extra emails) to lose.
  const back = async () => {
    if (store.additionalEmails.trim() && !(await dialogs.confirm())) return;
    navigate(HOME_PATH);
  };
  const detail = store.orderId === orderId ? store.detail : null;
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h1" size="xl">
            {orderId === null ? 'Booking Order' : `Booking Order ${orderId}`}
          </Heading>
          <HStack>
            <HubBadge />
            <Button size="sm" variant="outline" onClick={() => void back()}>
              Back to Dashboard
            </Button>
          </HStack>
        </HStack>
        {orderId === null || store.notFound ? (
          <Text role="status">This booking order was not found.</Text>
        ) : !detail ? (
          <Center py={12}>
            <Spinner role="status" aria-label="Loading the order" />
          </Center>
        ) : (
          <>
            <OrderSummary detail={detail} />
            <OpenOrderActions />
            <Section title="Bookings">
              <OrderBookings detail={detail} />
            </Section>
            <Section title="Locations">
              <OrderLocations detail={detail} />
            </Section>
            <Section title="History">
              <OrderHistory detail={detail} />
            </Section>
            <CancelOrder />
          </>
        )}
      </Stack>
    </Box>
  );
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="md" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export default DetailPage;
