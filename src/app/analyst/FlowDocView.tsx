/**
 * One flow's catalogue page in the portal (issue 32): the same FlowDoc `npm run flows:docs` writes
 * as Markdown — steps, fields, rules with their examples, limits and the rules that read them.
 */
import { Badge, Box, Code, Heading, List, Stack, Table, Text } from '@chakra-ui/react';
import type { FlowDoc, RuleDoc } from '../../engine/core/flow-doc';
import { exampleData } from '../../engine/core/flow-doc-markdown';

const KIND: Record<RuleDoc['kind'], [string, string]> = {
  error: ['Error', 'red'],
  confirm: ['Confirm', 'orange'],
  acknowledge: ['Acknowledge', 'purple'],
  summary: ['Summary', 'gray'],
};

function RuleCard({ rule }: { rule: RuleDoc }) {
  const [kind, palette] = KIND[rule.kind];
  return (
    <Box as="article" borderWidth="1px" borderRadius="md" p={4} aria-label={rule.id}>
      <Stack gap={2}>
        <Heading as="h4" size="sm" wordBreak="break-word">
          <Badge colorPalette={palette} mr={2}>
            {kind}
          </Badge>
          {rule.id}
        </Heading>
        <Text>
          <strong>Message:</strong> {rule.message}
        </Text>
        <Text>
          <strong>Shown at:</strong> {rule.field}
        </Text>
        <Text>
          <strong>Fires when:</strong> {rule.when}
          {rule.forEach ? ` (checked for each item of ${rule.forEach})` : ''}
        </Text>
        {rule.limits.length > 0 && (
          <Text>
            <strong>Limits:</strong> {rule.limits.join(', ')}
          </Text>
        )}
        <List.Root ps={4} gap={1}>
          {rule.examples.fires.map((e) => (
            <List.Item key={`f-${e.title}`}>
              Fires: {e.title}
              {e.message ? ` → “${e.message}”` : ''} <ExampleData data={e.data} />
            </List.Item>
          ))}
          {rule.examples.doesNotFire.map((e) => (
            <List.Item key={`d-${e.title}`}>
              Does not fire: {e.title} <ExampleData data={e.data} />
            </List.Item>
          ))}
          {rule.examples.fires.length + rule.examples.doesNotFire.length === 0 && (
            <List.Item>No examples yet.</List.Item>
          )}
        </List.Root>
      </Stack>
    </Box>
  );
}

const ExampleData = ({ data }: { data: unknown }) => (
  <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs" mt={1}>
    {exampleData(data)}
  </Code>
);

export function FlowDocView({ doc }: { doc: FlowDoc }) {
  return (
    <Stack gap={6}>
      {doc.description && <Text>{doc.description}</Text>}
      <Text color="fg.muted" wordBreak="break-word">
        File src/flows/{doc.file} · order type {doc.orderType} · who may use it (any one):{' '}
        {doc.permissions.join('; ')}
      </Text>
      <Box>
        <Heading as="h2" size="lg" mb={2}>
          Steps
        </Heading>
        <List.Root as="ol" ps={5}>
          {doc.steps.map((s) => (
            <List.Item key={s.id}>{s.title}</List.Item>
          ))}
        </List.Root>
      </Box>
      {doc.steps
        .filter((s) => s.fields.length > 0)
        .map((step) => (
          <Stack key={step.id} gap={4}>
            <Heading as="h2" size="lg">
              {step.title}: fields
            </Heading>
            <Box overflowX="auto" maxW="100%">
              <Table.Root size="sm" aria-label={`Fields of ${step.title}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Field</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>Required</Table.ColumnHeader>
                    <Table.ColumnHeader>Allowed values</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {step.fields.map((f) => (
                    <Table.Row key={f.path}>
                      <Table.Cell fontWeight={f.type === 'section' ? 'semibold' : undefined}>
                        {f.label}
                      </Table.Cell>
                      <Table.Cell>{f.type}</Table.Cell>
                      <Table.Cell>{f.required ? 'Yes' : 'No'}</Table.Cell>
                      <Table.Cell>{f.allowed ?? ''}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <Heading as="h3" size="md">
              {step.title}: rules
            </Heading>
            {step.rules.map((r) => (
              <RuleCard key={r.id} rule={r} />
            ))}
          </Stack>
        ))}
      {doc.summary.length > 0 && (
        <Stack gap={4}>
          <Heading as="h2" size="lg">
            Submit confirmation
          </Heading>
          {doc.summary.map((r) => (
            <RuleCard key={r.id} rule={r} />
          ))}
        </Stack>
      )}
      <Stack gap={2}>
        <Heading as="h2" size="lg">
          Limits
        </Heading>
        {doc.limits.length === 0 && <Text>This flow reads no limit.</Text>}
        {doc.limits.map((l) => (
          <Text key={l.name} wordBreak="break-word">
            <strong>{l.name}</strong> = {l.value} (src/rules/limits.json), read by {l.rules.join(', ')}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
