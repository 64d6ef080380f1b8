/**
 * The generic flow renderer: step header (SPEC §2 wizard titles), the draft offer, an order being
 * opened (or why it could not be), a concurrent edit's conflict, and the current step — request
 * (RJSF form), review (generated summary) or confirm (the flow's confirm view). It has no branch
 * for any particular flow; widgets and confirm views come from registries by name.
 */
import { Alert, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { ConfirmStep } from './ConfirmStep';
import { DraftBanner } from './DraftBanner';
import { RequestStep } from './RequestStep';
import { ReviewStep } from './ReviewStep';
import { StepHeader } from './StepHeader';
import type { FlowViewProps } from './services';

export const FlowView = observer(function FlowView(props: FlowViewProps) {
  const { store } = props;
  const step = store.step;
  if (store.opening) {
    return (
      <HStack gap={3} role="status">
        <Spinner size="sm" />
        <Text>Opening the order…</Text>
      </HStack>
    );
  }
  return (
    <Stack gap={6}>
      <StepHeader store={store} />
      <DraftBanner store={store} />
      <Heading as="h2" size="lg">
        {step.title}
      </Heading>
      {store.openError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{store.openError}</Alert.Title>
        </Alert.Root>
      )}
      {store.conflict && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{store.conflict}</Alert.Title>
          </Alert.Content>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => void store.reloadOrder()}>
            Reload order
          </Button>
        </Alert.Root>
      )}
      {store.submitMessage && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{store.submitMessage}</Alert.Title>
        </Alert.Root>
      )}
      {step.kind === 'request' && <RequestStep key={step.id} {...props} />}
      {step.kind === 'review' && <ReviewStep {...props} />}
      {step.kind === 'confirm' && <ConfirmStep {...props} />}
    </Stack>
  );
});
