import { Button, Dialog, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { SESSION_WARNING_DIALOG_SIZE_PX, WARNING_COUNTDOWN_S } from '../../domain/constants';
import {
  NEW_VERSION_TEXT,
  NEW_VERSION_TITLE,
  SESSION_WARNING_TEXT,
  SESSION_WARNING_TITLE,
} from '../../domain/messages';
import { useStores } from '../stores/StoresContext';
import type { IdleWatch } from './IdleWatch';
import type { VersionCheck } from './VersionCheck';

/**
 * The session's dialogs (SPEC §2), loaded the first time one opens (issue 15); the router link of
 * the session behaviour is SessionNavigator, always mounted.
 */
export const SessionDialogs = observer(function SessionDialogs() {
  const root = useStores();
  return (
    <>
      {/* Gone with the session: a sign-out never leaves the warning behind, whatever its animation does. */}
      {root.session.token !== null && <SessionTimeoutDialog idle={root.sessionBehaviour.idle} />}
      <NewVersionDialog version={root.sessionBehaviour.version} />
    </>
  );
});

/**
 * SPEC §2 Session warning dialog: 500 × 230 px, a progress bar counting down the seconds left,
 * Yes and No. Not dismissible by clicking outside, nor by Escape: an answer is needed. `open`
 * follows the idle watch alone (there is no onOpenChange), so only Yes, No or the end of the
 * countdown close it.
 */
export const SessionTimeoutDialog = observer(function SessionTimeoutDialog({ idle }: { idle: IdleWatch }) {
  const open = idle.state === 'warning';
  const { width, height } = SESSION_WARNING_DIALOG_SIZE_PX;
  // Focus starts on Yes: a reflex Enter keeps the session instead of ending it (issue 14).
  const yes = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      initialFocusEl={() => yes.current}
      closeOnInteractOutside={false}
      closeOnEscape={false}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={`${width}px`} maxW="calc(100vw - 24px)" h={`${height}px`}>
            <Dialog.Header>
              <Dialog.Title>{SESSION_WARNING_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Dialog.Description>{SESSION_WARNING_TEXT}</Dialog.Description>
                <Progress.Root value={idle.secondsLeft} max={WARNING_COUNTDOWN_S} size="sm">
                  <Progress.Label srOnly>Seconds left before you are signed out</Progress.Label>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="sm" color="fg.muted" aria-live="off">
                  Signing out in {idle.secondsLeft} s
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => idle.no()}>
                No
              </Button>
              <Button ref={yes} colorPalette="blue" onClick={() => idle.yes()}>
                Yes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});

/** SPEC §2 New Version dialog: the text and an OK button only; OK reloads the page. */
export const NewVersionDialog = observer(function NewVersionDialog({ version }: { version: VersionCheck }) {
  return (
    <Dialog.Root
      open={version.newVersion}
      closeOnInteractOutside={false}
      closeOnEscape={false}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="md" mx={3}>
            <Dialog.Header>
              <Dialog.Title>{NEW_VERSION_TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{NEW_VERSION_TEXT}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="blue" onClick={() => version.acknowledge()}>
                OK
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});
