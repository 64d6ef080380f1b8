import { Button, Menu, Portal } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../stores/StoresContext';

const MY_ACCOUNT_PATH = '/my_account/info';

/** SPEC §2 header: the account menu (My Account, Sign Out). */
export const AccountMenu = observer(function AccountMenu() {
  const root = useStores();
  const navigate = useNavigate();
  const onSelect = (value: string) => {
    if (value === 'signOut') void root.signOut();
    else navigate(MY_ACCOUNT_PATH);
  };
  return (
    <Menu.Root onSelect={(d) => onSelect(d.value)}>
      <Menu.Trigger asChild>
        {/* The accessible name starts with the visible label (WCAG 2.5.3, issue 14). */}
        <Button variant="ghost" size="sm" aria-label={`${root.session.fullName || 'Account'}, account menu`}>
          {root.session.fullName || 'Account'}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="myAccount">My Account</Menu.Item>
            <Menu.Item value="signOut">Sign Out</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
