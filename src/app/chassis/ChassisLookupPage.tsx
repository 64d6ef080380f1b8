import { Badge, Box, Button, Card, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import type { ChassisLookup } from '../../schemas/chassis';
import type { PageProps } from '../routes';
import { useStores } from '../stores/StoresContext';
import { chassisLookupStore } from './ChassisLookupStore';

const STANDING: Record<ChassisLookup['Standing'], { label: string; tone: string }> = {
  Available: { label: 'Available', tone: 'green' },
  OnHireToYou: { label: 'On hire to your company', tone: 'blue' },
  OnHireToOther: { label: 'On hire to another company', tone: 'orange' },
  OutOfService: { label: 'Out of service', tone: 'red' },
  NotOurs: { label: 'Not our chassis', tone: 'gray' },
};

/** #/chassis_lookup (issue 31): any signed-in user asks whether a chassis is ours and where it stands. */
const ChassisLookupPage = observer(function ChassisLookupPage({ title }: PageProps) {
  const store = chassisLookupStore(useStores());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.lookUp();
  };
  const a = store.answer;
  return (
    <Box px={{ base: 4, md: 8 }} py={6} maxW="48rem">
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <form onSubmit={submit} aria-label="Look a chassis up" noValidate>
          <HStack gap={3} alignItems="end" flexWrap="wrap">
            <Box flex="1" minW="12rem">
              <label htmlFor="chassis-lookup-id">
                <Text fontSize="sm" mb={1}>
                  Chassis ID
                </Text>
              </label>
              <Input
                id="chassis-lookup-id"
                placeholder="PLCZ123456"
                value={store.input}
                onChange={(e) => store.setInput(e.target.value)}
                aria-invalid={store.error ? true : undefined}
              />
            </Box>
            <Button type="submit" loading={store.busy}>
              Look up
            </Button>
          </HStack>
        </form>
        {store.error && (
          <Text role="alert" color="fg.error">
            {store.error}
          </Text>
        )}
        {a && (
          <Card.Root role="region" aria-label={`Chassis ${a.ChassisId}`}>
            <Card.Body>
              <Stack gap={2}>
                <HStack gap={3} flexWrap="wrap">
                  <Text fontWeight="semibold" fontSize="lg">
                    {a.ChassisId}
                  </Text>
                  <Badge colorPalette={STANDING[a.Standing].tone}>{STANDING[a.Standing].label}</Badge>
                </HStack>
                <Text role="status">{a.Message}</Text>
                {a.Ours && (
                  <Text color="fg.muted">
                    {a.EquipmentSizeName} {a.EquipmentClassName} · {a.PoolType}
                  </Text>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </Box>
  );
});

export default ChassisLookupPage;
