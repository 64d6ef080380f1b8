import { Button, Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { PENDING_REJECT_REASON_MAX } from '../../schemas/pending';
import { useStores } from '../stores/StoresContext';
import { pendingQueueStore } from './PendingQueueStore';

/** Validate, accept and reject for the selected requests (SPEC §2); staff with Update only. */
export const PendingActions = observer(function PendingActions() {
  const root = useStores();
  const { dialogs } = root;
  const queue = pendingQueueStore(root);
  if (!queue.canDecide)
    return (
      <Text color="fg.muted" fontSize="sm">
        Your account is read-only here: you can search the queue and look at each request, not decide it.
      </Text>
    );
  const none = queue.selected.size === 0 || queue.busy;
  return (
    <Stack gap={2} borderWidth="1px" rounded="md" p={3} aria-label="Decide selected requests" role="group">
      <Text fontSize="sm">{queue.selected.size} selected</Text>
      <HStack gap={2} wrap="wrap" align="end">
        <Button size="sm" variant="outline" disabled={none} onClick={() => void queue.validate()}>
          Validate
        </Button>
        <Button
          size="sm"
          colorPalette="green"
          disabled={none}
          onClick={async () => {
            if (await dialogs.confirm(queue.decisionSummary('accept'))) await queue.accept();
          }}
        >
          Accept
        </Button>
        <Checkbox.Root
          size="sm"
          checked={queue.acceptOverAvailability}
          onCheckedChange={(e) => queue.setAcceptOverAvailability(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Accept over availability</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      <HStack gap={2} align="end" wrap="wrap">
        <Field.Root invalid={!!queue.rejectError} maxW="32rem">
          <Field.Label>Reason for rejection</Field.Label>
          <Input
            value={queue.rejectReason}
            maxLength={PENDING_REJECT_REASON_MAX}
            onChange={(e) => queue.setRejectReason(e.target.value)}
          />
          {queue.rejectError && <Field.ErrorText>{queue.rejectError}</Field.ErrorText>}
        </Field.Root>
        <Button
          size="sm"
          colorPalette="red"
          disabled={none}
          onClick={async () => {
            // A missing reason is said beside the form at once; with one, ask before rejecting.
            if (queue.rejectReason.trim() === '' || (await dialogs.confirm(queue.decisionSummary('reject'))))
              await queue.reject();
          }}
        >
          Reject
        </Button>
      </HStack>
    </Stack>
  );
});
