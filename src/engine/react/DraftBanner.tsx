import { Alert, Button, HStack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FlowStore } from '../core/flow-store';

/** Offers the work saved before a reload; nothing comes back without the user's say. */
export const DraftBanner = observer(function DraftBanner({ store }: { store: FlowStore }) {
  if (!store.hasDraft) return null;
  return (
    <Alert.Root status="info" role="region" aria-label="Saved draft">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You have an unsent {store.flow.title.toLowerCase()} saved on this device.</Alert.Title>
        <Alert.Description>Restore it to carry on where you left off, or discard it.</Alert.Description>
      </Alert.Content>
      <HStack gap={2}>
        <Button size="sm" colorPalette="blue" onClick={() => store.restoreDraft()}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={() => store.draft.drop()}>
          Discard
        </Button>
      </HStack>
    </Alert.Root>
  );
});
