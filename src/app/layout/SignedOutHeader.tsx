import { Box, Flex, HStack, Link, Spacer, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOGIN_PATH, SIGN_UP_PATH } from '../paths';

/** The header's bar: the portal's name, and what the user's state puts beside it. */
export function HeaderFrame({ start, end }: { start?: ReactNode; end: ReactNode }) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" px={{ base: 2, md: 4 }} py={2}>
      <Flex align="center" gap={2} wrap="wrap">
        {start}
        <Text fontWeight="bold">Chassis Booking Portal</Text>
        <Spacer />
        {end}
      </Flex>
    </Box>
  );
}

/** SPEC §2 header, signed out: Sign In and Sign Up. */
export function SignedOutNav() {
  return (
    <HStack as="nav" aria-label="Header" gap={3}>
      <Link asChild>
        <RouterLink to={LOGIN_PATH}>Sign In</RouterLink>
      </Link>
      <Link asChild>
        <RouterLink to={SIGN_UP_PATH}>Sign Up</RouterLink>
      </Link>
    </HStack>
  );
}

export const SignedOutHeader = () => <HeaderFrame end={<SignedOutNav />} />;
