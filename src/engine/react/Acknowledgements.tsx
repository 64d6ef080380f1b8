import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FlowStore } from '../core/flow-store';

/**
 * Acknowledge rules that apply to the data: one box each (per statement of a forEach rule: each
 * contract line its own), with the rule's own message, drawn as soon as the data asks for it.
 */
export const Acknowledgements = observer(function Acknowledgements({ store }: { store: FlowStore }) {
  const items = store.answers.acknowledgements;
  if (items.length === 0) return null;
  return (
    <Stack gap={3}>
      {items.map((item, index) => {
        const blocked = store.answers.blocked.includes(item.key);
        // A key holds the statement's text: the element ids use its place instead.
        const errorId = `ack-${index}-error`;
        return (
          <Stack key={item.key} gap={1}>
            <Checkbox.Root
              checked={store.answers.ticked.has(item.key)}
              onCheckedChange={(e) => store.answers.tick(item.key, e.checked === true)}
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
