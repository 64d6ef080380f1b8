import { Box, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { DashboardDetail } from '../../../schemas/dashboard';
import { lookupNames } from '../../stores/lookup-names';
import { useStores } from '../../stores/StoresContext';

type Location = DashboardDetail['Bookings'][number]['Location'];

/** Each location of the order once (from and to), in the order the bookings name them. */
export function locationsOf(detail: DashboardDetail): Location[] {
  const seen = new Map<number, Location>();
  for (const b of detail.Bookings)
    for (const l of [b.Location, b.ToLocation]) if (l && !seen.has(l.LocationId)) seen.set(l.LocationId, l);
  return [...seen.values()];
}

/** Locations with their address and operating hours as a list (SPEC §3, §5). */
export const OrderLocations = observer(function OrderLocations({ detail }: { detail: DashboardDetail }) {
  const names = lookupNames(useStores().lookups);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={3}>
      {locationsOf(detail).map((l) => (
        <Box key={l.LocationId} as="section" aria-label={l.LocationName} borderWidth="1px" rounded="md" p={3}>
          <Heading as="h3" size="sm" mb={1}>
            {l.LocationName}
          </Heading>
          <Box as="address" fontStyle="normal" fontSize="sm">
            {[l.LocationStreet1, l.LocationStreet2, l.LocationStreet3].filter(Boolean).map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            <Text>
              {l.LocationCity}, {l.LocationStateProvince} {l.LocationZipCode}
            </Text>
            <Text color="fg.muted">Market {names.market(l.LocationMarketCode)}</Text>
          </Box>
          <Text fontSize="sm" fontWeight="medium" mt={2} id={`hours-${l.LocationId}`}>
            Operating hours
          </Text>
          {l.OperatingHours.length === 0 ? (
            <Text fontSize="sm">Not published</Text>
          ) : (
            <List.Root fontSize="sm" ps={5} aria-labelledby={`hours-${l.LocationId}`}>
              {l.OperatingHours.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
});
