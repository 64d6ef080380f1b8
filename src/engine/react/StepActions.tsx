import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FlowStore } from '../core/flow-store';
import type { StepAction } from '../core/types';

/**
 * A request step's server actions: a button for each that has a label (busy while it runs), a
 * progress note for one that runs on its own, and each one's last failure beside it. The failure
 * was already shown and broadcast by the app's central error handling (SPEC §8); here it stays
 * next to the action it belongs to.
 */
export const StepActions = observer(function StepActions({
  store,
  actions,
}: {
  store: FlowStore;
  actions: readonly StepAction[];
}) {
  if (actions.length === 0) return null;
  return (
    <Stack gap={2}>
      {actions.map((action) => {
        const running = store.actions.running.has(action.id);
        const error = store.actions.errors[action.id];
        const errorId = `action-${action.id}-error`;
        return (
          <Stack key={action.id} gap={1}>
            <HStack gap={3}>
              {action.label ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={running}
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => void store.actions.run(action.id)}
                >
                  {action.label}
                </Button>
              ) : (
                running && (
                  <HStack gap={2} role="status">
                    <Spinner size="xs" />
                    <Text fontSize="sm">Updating…</Text>
                  </HStack>
                )
              )}
            </HStack>
            {error && (
              <Text id={errorId} fontSize="sm" color="fg.error">
                {error}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
});
