/**
 * #/flow_preview?flow=<id> (issue 32; the analyst permission): a flow rendered by the engine with
 * one of its rule files or limits.json as typed here. The form re-checks with the typed rules; the
 * panel shows which rules fire, the examples passing or failing and what the server would answer;
 * "Download" gives the file back for a pull request. Nothing is sent to the server but the form's
 * own look-ups.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Grid,
  Heading,
  Link,
  List,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FLOW_MESSAGES } from '../../domain/messages';
import { FlowSubmitError } from '../../engine/core/flow-services';
import { FlowStore } from '../../engine/core/flow-store';
import { FlowView } from '../../engine/react/FlowView';
import { ruleEngine } from '../../rules/rule-engine';
import { requestStepAction } from '../api/flows';
import { flowCatalog, flowSources, schemaValidator } from '../flows/catalog';
import { confirmViews } from '../flows/confirm-views';
import { flowViewServices } from '../flows/FlowPage';
import type { PageProps } from '../routes';
import { memoryStorage } from '../storage';
import type { RootStore } from '../stores/RootStore';
import { useStores } from '../stores/StoresContext';
import { widgetRegistry } from '../widgets/registry';
import { FlowPreviewStore } from './FlowPreviewStore';
import { CATALOGUE_PATH, PREVIEW_PATH } from './paths';

function createPreview(root: RootStore, flowId: string): FlowPreviewStore {
  const preview: FlowPreviewStore = new FlowPreviewStore(
    {
      sources: flowSources,
      ruleEngine,
      validate: schemaValidator,
      createFlowStore: (flow, limits) =>
        new FlowStore(flow, limits, schemaValidator, {
          // The preview books nothing: a submit is answered with the server's own check, run here.
          submit: async () => {
            const { errors, unanswered } = preview.serverCheck;
            throw new FlowSubmitError(
              errors.length + unanswered.length > 0
                ? 'The server would refuse this request (see the checks beside the form).'
                : 'The server would accept this request. The preview books nothing.',
              errors,
              unanswered,
            );
          },
          confirm: (message, options) => root.dialogs.confirm({ message, ...options }),
          loadOrder: () => Promise.reject(new Error('The preview opens no order.')),
          request: (call) => requestStepAction(root.api, call),
          messages: FLOW_MESSAGES,
          storage: memoryStorage(),
          now: () => Date.now(),
        }),
    },
    flowId,
  );
  return preview;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

const FlowPreviewPage = observer(function FlowPreviewPage({ title }: PageProps) {
  const root = useStores();
  const navigate = useNavigate();
  const flowId = new URLSearchParams(useLocation().search).get('flow') ?? '';
  const known = flowCatalog.flows.some((f) => f.id === flowId);
  const preview = useMemo(() => (known ? createPreview(root, flowId) : null), [root, flowId, known]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <NativeSelect.Root maxW="md">
          <NativeSelect.Field
            aria-label="Flow"
            value={known ? flowId : ''}
            onChange={(e) => navigate(`${PREVIEW_PATH}?flow=${e.target.value}`)}
          >
            <option value="">Choose a flow…</option>
            {flowCatalog.flows.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {preview ? (
          <Preview preview={preview} />
        ) : (
          <Text>Choose a flow to see it with sample data and try a change of its rules or limits.</Text>
        )}
      </Stack>
    </Box>
  );
});
export default FlowPreviewPage;

const Preview = observer(function Preview({ preview }: { preview: FlowPreviewStore }) {
  const root = useStores();
  const store = preview.flowStore;
  // Once the form is up (its widgets take the data as it then changes): the first sample.
  useEffect(() => preview.loadSample(preview.samples[0]?.key ?? ''), [preview]);
  const services = useMemo(
    () => flowViewServices(root, store, preview.catalog.limits, () => undefined),
    [root, store, preview.catalog],
  );
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={8} alignItems="start">
      <Stack gap={4} minW={0}>
        <NativeSelect.Root>
          <NativeSelect.Field aria-label="Sample data" onChange={(e) => preview.loadSample(e.target.value)}>
            {preview.samples.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Link href={`#${CATALOGUE_PATH}/${preview.flowId}`}>Fields and rules of {preview.flow.title}</Link>
        <FlowView
          key={store.submission.idempotencyKey}
          store={store}
          registry={widgetRegistry}
          confirmViews={confirmViews}
          services={services}
        />
      </Stack>
      <Stack gap={5} minW={0} position={{ lg: 'sticky' }} top={{ lg: 4 }}>
        <Editor preview={preview} />
        <Checks preview={preview} />
      </Stack>
    </Grid>
  );
});

const Editor = observer(function Editor({ preview }: { preview: FlowPreviewStore }) {
  const { download: file } = preview;
  return (
    <Stack gap={3} as="section" aria-label="Rules and limits">
      <Heading as="h2" size="md">
        Change its rules or limits
      </Heading>
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label="File to change"
          value={preview.fileName}
          onChange={(e) => preview.chooseFile(e.target.value)}
        >
          {preview.files.map((f) => (
            <option key={f} value={f}>
              {f}
              {preview.changed.includes(f) ? ' (changed)' : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.Root invalid={preview.editError !== null}>
        <Field.Label>{preview.fileName}</Field.Label>
        <Textarea
          value={preview.text}
          onChange={(e) => preview.edit(e.target.value)}
          fontFamily="mono"
          fontSize="xs"
          rows={14}
          spellCheck={false}
        />
        {preview.editError && <Field.ErrorText>{preview.editError}</Field.ErrorText>}
      </Field.Root>
      <Button
        alignSelf="start"
        variant="outline"
        onClick={() => download(file.name, file.text)}
        disabled={preview.editError !== null}
      >
        Download {file.name}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Nothing is saved here: put the downloaded file into src/rules in a pull request, and run npm run
        flows:check.
      </Text>
    </Stack>
  );
});

const Checks = observer(function Checks({ preview }: { preview: FlowPreviewStore }) {
  const { firing, examples, serverCheck } = preview;
  const failing = examples.results.filter((r) => !r.ok);
  const serverSays = [
    ...serverCheck.errors.map((e) => e.message),
    ...serverCheck.unanswered.map((q) => q.message),
  ];
  return (
    <Stack gap={4}>
      <Box as="section" aria-label="Rules that fire">
        <Heading as="h2" size="md" mb={2}>
          Rules that fire now ({firing.length})
        </Heading>
        {firing.length === 0 ? (
          <Text>No rule fires for the data in the form.</Text>
        ) : (
          <List.Root ps={4} gap={1}>
            {firing.map((v) => (
              <List.Item key={`${v.ruleId}/${v.field}`} wordBreak="break-word">
                <Badge mr={2}>{v.kind}</Badge>
                {v.ruleId}: {v.message}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <Box as="section" aria-label="Examples">
        <Heading as="h2" size="md" mb={2}>
          Examples: {examples.results.length - failing.length} of {examples.results.length} pass
        </Heading>
        {failing.length > 0 && (
          <Alert.Root status="error" mb={2}>
            <Alert.Indicator />
            <Alert.Content>
              <List.Root ps={2} gap={1}>
                {examples.problems.map((p) => (
                  <List.Item key={p.path} wordBreak="break-word">
                    {p.message}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Content>
          </Alert.Root>
        )}
        {examples.missing.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            Without examples of both kinds: {examples.missing.map((m) => m.ruleId).join(', ')}
          </Text>
        )}
      </Box>
      <Box as="section" aria-label="What the server would answer">
        <Heading as="h2" size="md" mb={2}>
          What the server would answer
        </Heading>
        {serverSays.length === 0 ? (
          <Text>The server would accept this data.</Text>
        ) : (
          <List.Root ps={4} gap={1}>
            {serverSays.map((m) => (
              <List.Item key={m} wordBreak="break-word">
                {m}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </Stack>
  );
});
