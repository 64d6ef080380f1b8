import { Portal, Tooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { TOOLTIP_DELAY_MS } from '../../domain/constants';

/** A tooltip on one control, opening after SPEC §9's 5 ms. The child must take a ref (a button). */
export function Hint({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root
      openDelay={TOOLTIP_DELAY_MS}
      closeDelay={0}
      positioning={{ placement: 'top' }}
      // A table page holds 60 of these: content exists only while one is open.
      lazyMount
      unmountOnExit
    >
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
