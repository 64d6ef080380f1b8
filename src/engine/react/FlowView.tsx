/**
 * The generic flow renderer: step header (SPEC §2 wizard titles), the draft offer, an order being
 * opened (or why it could not be), a concurrent edit's conflict, and the current step — request
 * (RJSF form), review (generated summary) or confirm (the flow's confirm view). It has no branch
 * for any particular flow; widgets and confirm views come from registries by name.
 */
import { Alert, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useRef } from 'react';
import { ConfirmStep } from './ConfirmStep';
import { DraftBanner } from './DraftBanner';
import { RequestStep } from './RequestStep';
import { ReviewStep } from './ReviewStep';
import { StepHeader } from './StepHeader';
import type { FlowViewProps } from './services';

export const FlowView = observer(function FlowView(props: FlowViewProps) {
  const { store } = props;
  const step = store.step;
  if (store.order.opening) {
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
      {store.order.openError && <FlowError message={store.order.openError} />}
      {store.order.conflict && (
        <FlowError message={store.order.conflict}>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => void store.order.reload()}>
            Reload order
          </Button>
        </FlowError>
      )}
      {store.submission.message && <FlowError message={store.submission.message} />}
      {step.kind === 'request' && <RequestStep key={step.id} {...props} />}
      {step.kind === 'review' && <ReviewStep {...props} />}
      {step.kind === 'confirm' && <ConfirmStep {...props} />}
    </Stack>
  );
});

/**
 * A refusal of the whole step (the server's answer to Submit, a concurrent edit): shown above the
 * step, and brought into view and focused when it appears — the user pressed Submit at the bottom,
 * on a phone a screen or more below it (issue 25).
 */
function FlowError({ message, children }: { message: string; children?: ReactNode }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    alert.current?.focus();
    alert.current?.scrollIntoView?.({ block: 'center' });
  }, [message]);
  return (
    <Alert.Root ref={alert} status="error" role="alert" tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      {children}
    </Alert.Root>
  );
}
