import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/StoresContext';
import { MainMenuNav } from './MainMenuNav';

/**
 * The slide-out menu (SPEC §2). We use a drawer at every width, opened from the header's menu
 * button, so phone and desk behave the same (our choice; SPEC §2 leaves it open).
 */
export const MenuDrawer = observer(function MenuDrawer() {
  const { layout } = useStores();
  const close = () => layout.setMenuOpen(false);
  return (
    <Drawer.Root open={layout.menuOpen} onOpenChange={(e) => layout.setMenuOpen(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <MainMenuNav onNavigate={close} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
});
