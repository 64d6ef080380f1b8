import { Box, Heading, Text } from '@chakra-ui/react';
import type { PageProps } from '../routes';

/** Placeholder for an area not built yet: names the area so users and tests know where they are. */
export default function ComingPage({ title }: PageProps) {
  return (
    <Box px={{ base: 4, md: 8 }} py={8}>
      <Heading as="h1" size="xl" mb={3}>
        {title}
      </Heading>
      <Text>The {title} page is coming soon.</Text>
    </Box>
  );
}
