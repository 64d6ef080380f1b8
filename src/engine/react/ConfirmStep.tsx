import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { confirmViewOf } from './confirm-views';
import type { FlowViewProps } from './services';

/**
 * SPEC §4: bookings may be pending review by Customer Support and get their number once confirmed.
 * The outcome and the way on are the same for every flow; what was booked shows in the flow's
 * confirm view (flow.confirmView, from the confirm-view registry).
 */
export const ConfirmStep = observer(function ConfirmStep({ store, services, confirmViews }: FlowViewProps) {
  const result = store.submission.result;
  if (!result) return null;
  const View = confirmViewOf(confirmViews, store.flow.confirmView);
  // The words come from the product, by the flow's order type (issue 25: a redelivery is no booking).
  const outcome = store.services.messages.outcome(store.flow.orderType);
  const title = result.PendingReview
    ? outcome.received
    : store.order.mode === 'edit'
      ? `Your changes to order ${result.BookingOrderId} are saved.`
      : outcome.confirmed;
  return (
    <Stack gap={6}>
      <Alert.Root status={result.PendingReview ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          {/* The server words a pending or edited outcome (its reason); a plain confirmation is the title's. */}
          {result.Message &&
            result.Message !== title &&
            (result.PendingReview || store.order.mode === 'edit') && (
              <Alert.Description>{result.Message}</Alert.Description>
            )}
        </Alert.Content>
      </Alert.Root>
      <View store={store} result={result} context={services.widgetContext} />
      <HStack gap={3}>
        <Button variant="outline" onClick={() => services.leave()}>
          Back to Dashboard
        </Button>
        <Button colorPalette="blue" onClick={() => store.reset()}>
          {outcome.another}
        </Button>
      </HStack>
    </Stack>
  );
});
