/**
 * The generic flow renderer: step header (SPEC §2 wizard titles), the draft offer, and the current
 * step — request (RJSF form), review (generated summary) or confirm (the server's result). It has
 * no branch for any particular flow; widgets come from the registry by name.
 */
import { Alert, Heading, Stack } from '@chakra-ui/react';
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
  return (
    <Stack gap={6}>
      <StepHeader store={store} />
      <DraftBanner store={store} />
      <Heading as="h2" size="lg">
        {step.title}
      </Heading>
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
