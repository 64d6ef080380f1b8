import { Badge } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/StoresContext';
import type { HubState } from './HubStore';

const SHOWN: Record<Exclude<HubState, 'offline'>, { text: string; palette: string; title: string }> = {
  live: { text: 'Live', palette: 'green', title: 'Changes to bookings appear as they happen.' },
  connecting: { text: 'Connecting…', palette: 'gray', title: 'Connecting to live updates.' },
  reconnecting: {
    text: 'Reconnecting…',
    palette: 'orange',
    title: 'Live updates are interrupted; retrying every few seconds.',
  },
};

/** The hub's connection state, small and out of the way (issue 4: "unobtrusively"). */
export const HubBadge = observer(function HubBadge() {
  const { hub } = useStores();
  if (hub.state === 'offline') return null;
  const shown = SHOWN[hub.state];
  return (
    <Badge colorPalette={shown.palette} variant="subtle" title={shown.title} aria-live="polite">
      {shown.text}
    </Badge>
  );
});
