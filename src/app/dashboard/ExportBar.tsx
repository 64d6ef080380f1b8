import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/StoresContext';
import { downloadedText, EXPORTS, type ExportKind } from './ExportStore';

/** Export (CSV) and Download (Excel) of the search on screen, with progress and a word when done. */
export const ExportBar = observer(function ExportBar() {
  const { dashboard } = useStores();
  const exports = dashboard.exports;
  const unavailable = !dashboard.applied || dashboard.totalCount === 0;
  const button = (kind: ExportKind) => (
    <Button
      size="sm"
      variant="outline"
      disabled={unavailable || exports.running !== null}
      loading={exports.running === kind}
      loadingText={EXPORTS[kind].label}
      onClick={() => void dashboard.exportFile(kind)}
    >
      {EXPORTS[kind].label}
    </Button>
  );
  return (
    <HStack gap={2} wrap="wrap">
      {button('csv')}
      {button('xlsx')}
      {!exports.running && exports.lastSaved && (
        <Text fontSize="sm" role="status">
          {downloadedText(exports.lastSaved)}
        </Text>
      )}
      {exports.running && (
        <HStack gap={2} minW="14rem">
          {/* value null: indeterminate while the length is unknown. */}
          <Progress.Root size="sm" w="8rem" value={exports.percent}>
            <Progress.Track aria-label={`${EXPORTS[exports.running].label} progress`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" role="status">
            {exports.progressText}
          </Text>
        </HStack>
      )}
    </HStack>
  );
});
