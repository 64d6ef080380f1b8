import { Box, Button, Heading, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { PAGE_NOT_FOUND_TEXT } from '../../domain/messages';
import { HOME_PATH } from '../paths';

/** SPEC §2 / §8: any unmatched route. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Box maxW="xl" mx="auto" px={4} py={10}>
      <Stack gap={5} align="flex-start">
        <Heading as="h1" size="xl">
          {PAGE_NOT_FOUND_TEXT}
        </Heading>
        <Button onClick={() => navigate(HOME_PATH)}>Go Back to Home Page</Button>
      </Stack>
    </Box>
  );
}
