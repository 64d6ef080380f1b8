/**
 * #/flow_catalogue and #/flow_catalogue/<flow id> (issue 32; analysts and staff): every flow's
 * fields, rules, examples and limits, read from the same files the forms and the server load.
 */
import { Box, Heading, Link, List, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Abilities, can } from '../../domain/policies';
import { describeFlow } from '../../engine/core/flow-doc';
import { flowCatalog } from '../flows/catalog';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { FlowDocView } from './FlowDocView';
import { CATALOGUE_PATH, PREVIEW_PATH } from './paths';

export default function FlowCataloguePage({ title }: PageProps) {
  const { session } = useStores();
  const { flowId } = useParams();
  const navigate = useNavigate();
  const flow = flowCatalog.flows.find((f) => f.id === flowId);
  const doc = useMemo(() => (flow ? describeFlow(flow, flowCatalog) : null), [flow]);
  return (
    <Box px={{ base: 4, md: 8 }} py={6} maxW="5xl">
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {doc ? `${title}: ${doc.title}` : title}
        </Heading>
        <NativeSelect.Root maxW="md">
          <NativeSelect.Field
            aria-label="Flow"
            value={flowId ?? ''}
            onChange={(e) => navigate(`${CATALOGUE_PATH}/${e.target.value}`)}
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
        {doc && can(session, Abilities.flowPreview) && (
          <Link href={`#${PREVIEW_PATH}?flow=${doc.id}`} colorPalette="blue">
            Try a change of its rules or limits in the preview
          </Link>
        )}
        {doc ? (
          <FlowDocView doc={doc} />
        ) : flowId ? (
          <Text role="alert">There is no flow called “{flowId}”. Choose one above.</Text>
        ) : (
          <List.Root ps={5}>
            {flowCatalog.flows.map((f) => (
              <List.Item key={f.id}>
                <Link href={`#${CATALOGUE_PATH}/${f.id}`}>{f.title}</Link>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Box>
  );
}
