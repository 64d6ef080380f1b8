import { IconButton } from '@chakra-ui/react';
import { Hint } from './Hint';
import { ActionIcon, type IconName } from './icons';

interface IconActionProps {
  /** The action's name: the button's accessible name and its tooltip (SPEC §2). */
  label: string;
  icon: IconName;
  onClick?: () => void;
  /** Why the action is not available; the button stays focusable so the tooltip can say so. */
  unavailable?: string | null;
}

/** An icon button with its name as a tooltip. */
export function IconAction({ label, icon, onClick, unavailable }: IconActionProps) {
  const off = !!unavailable;
  return (
    <Hint label={off ? `${label}: ${unavailable}` : label}>
      <IconButton
        aria-label={label}
        aria-disabled={off || undefined}
        size="xs"
        variant="ghost"
        opacity={off ? 0.4 : 1}
        cursor={off ? 'not-allowed' : 'pointer'}
        onClick={off ? undefined : onClick}
      >
        <ActionIcon name={icon} />
      </IconButton>
    </Hint>
  );
}
