import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router/createAppRouter';
import type { RootStore } from './stores/RootStore';
import { StoresProvider } from './stores/StoresContext';
import { system } from './theme';

/** The whole client: Chakra's provider, the stores, and the hash router. */
export function App({ store }: { store: RootStore }) {
  const [router] = useState(() => createAppRouter(store));
  return (
    <ChakraProvider value={system}>
      <StoresProvider store={store}>
        <RouterProvider router={router} />
      </StoresProvider>
    </ChakraProvider>
  );
}
