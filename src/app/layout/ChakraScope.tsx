import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { system } from '../theme';

/**
 * Chakra's provider around every page but the sign-in page (issue 15 §4): this module, and with it
 * Chakra, Emotion and Zag, is fetched with the first page or dialog that needs them, so `/login`
 * does not carry them. As a layout route it wraps its child routes; given children, those.
 */
export default function ChakraScope({ children }: { children?: ReactNode }) {
  return <ChakraProvider value={system}>{children ?? <Outlet />}</ChakraProvider>;
}
