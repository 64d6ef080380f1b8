import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FlowStore } from '../core/flow-store';

/** Acknowledge rules that apply to the data: one box each, with the rule's own message. */
export const Acknowledgements = observer(function Acknowledgements({ store }: { store: FlowStore }) {
  const items = store.acknowledgements;
  if (items.length === 0) return null;
  return (
    <Stack gap={3}>
      {items.map((item) => {
        const blocked = store.blockedAcknowledgements.includes(item.ruleId);
        const errorId = `ack-${item.ruleId}-error`;
        return (
          <Stack key={item.ruleId} gap={1}>
            <Checkbox.Root
              checked={store.acknowledged.has(item.ruleId)}
              onCheckedChange={(e) => store.acknowledge(item.ruleId, e.checked === true)}
              invalid={blocked}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput aria-describedby={blocked ? errorId : undefined} />
              <Checkbox.Control />
              <Checkbox.Label>{item.message}</Checkbox.Label>
            </Checkbox.Root>
            {blocked && (
              <Text id={errorId} fontSize="sm" color="fg.error">
                Tick the box beside this notice to confirm you have read it.
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
});
