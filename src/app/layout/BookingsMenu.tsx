import { Badge, Button, Menu, Portal } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { BOOKING_ENTRY_ON_HOLD } from '../../domain/messages';
import { useStores } from '../stores/StoresContext';
import { entryOnHold, headerBookings } from './menu-model';

/** SPEC §2 header: the Bookings dropdown (Pool, Reuse), each entry under the menu's permission rule. */
export const BookingsMenu = observer(function BookingsMenu() {
  const { session, flows } = useStores();
  const navigate = useNavigate();
  const entries = headerBookings(session.permissions);
  if (entries.length === 0) return null;
  const choose = (path: string) => {
    const flowId = entries.find((r) => r.path === path)?.flowId;
    if (flowId) flows.reset(flowId); // SPEC §2: choosing a booking entry resets that flow
    navigate(path);
  };
  return (
    <Menu.Root onSelect={(d) => choose(d.value)}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          Bookings
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {entries.map((r) => (
              <Menu.Item key={r.path} value={r.path}>
                {r.menu?.label}
                {entryOnHold(session.details?.GoodStanding, r) && (
                  <Badge ms="auto" colorPalette="orange" variant="outline">
                    {BOOKING_ENTRY_ON_HOLD}
                  </Badge>
                )}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
