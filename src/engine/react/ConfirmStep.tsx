import { Alert, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { bookingStatusName } from '../../domain/status-codes';
import type { FlowViewProps } from './services';

/** SPEC §4: bookings may be pending review by Customer Support and get their number once confirmed. */
export const ConfirmStep = observer(function ConfirmStep({ store, services }: FlowViewProps) {
  const result = store.result;
  if (!result) return null;
  return (
    <Stack gap={6}>
      <Alert.Root status={result.PendingReview ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {result.PendingReview ? 'Your booking request was received.' : 'Your booking is confirmed.'}
          </Alert.Title>
          {/* The server words the outcome (pending reason included); one text for API and page. */}
          <Alert.Description>{result.Message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Heading as="h3" size="md">
        Bookings of order {result.BookingOrderId}
      </Heading>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Booking number</Table.ColumnHeader>
            <Table.ColumnHeader>Location</Table.ColumnHeader>
            <Table.ColumnHeader>Equipment</Table.ColumnHeader>
            <Table.ColumnHeader>Units</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {result.Bookings.map((b) => (
            <Table.Row key={b.BookingId}>
              <Table.Cell>{b.BookingCode ?? 'Not yet assigned'}</Table.Cell>
              <Table.Cell>{b.LocationName}</Table.Cell>
              <Table.Cell>
                {b.EquipmentSize} {b.EquipmentClass}
              </Table.Cell>
              <Table.Cell>{b.UnitsRequestedCount}</Table.Cell>
              <Table.Cell>{bookingStatusName(b.BookingStatusCode)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {result.Bookings.length === 0 && <Text>No bookings were created.</Text>}
      <HStack gap={3}>
        <Button variant="outline" onClick={() => services.leave()}>
          Back to Dashboard
        </Button>
        <Button colorPalette="blue" onClick={() => store.reset()}>
          New booking
        </Button>
      </HStack>
    </Stack>
  );
});
