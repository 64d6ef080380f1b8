import { Box, Circle, HStack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FlowStore } from '../core/flow-store';

/** SPEC §2 booking wizard titles, in order, the current one marked (aria-current="step"). */
export const StepHeader = observer(function StepHeader({ store }: { store: FlowStore }) {
  const steps = store.flow.steps;
  const current = steps.findIndex((s) => s.id === store.stepId);
  return (
    <Box as="nav" aria-label="Booking steps">
      <HStack as="ol" gap={6} listStyleType="none" flexWrap="wrap">
        {steps.map((step, i) => {
          const isCurrent = i === current;
          return (
            <HStack as="li" key={step.id} gap={2} aria-current={isCurrent ? 'step' : undefined}>
              <Circle
                size={7}
                bg={isCurrent ? 'blue.600' : i < current ? 'blue.100' : 'gray.100'}
                color={isCurrent ? 'white' : 'fg'}
                fontSize="sm"
                aria-hidden
              >
                {i + 1}
              </Circle>
              <Text fontWeight={isCurrent ? 'semibold' : 'normal'} color={isCurrent ? 'fg' : 'fg.muted'}>
                {step.title}
              </Text>
            </HStack>
          );
        })}
      </HStack>
    </Box>
  );
});
