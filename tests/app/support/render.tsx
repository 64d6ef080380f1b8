import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { RootStore } from '../../../src/app/stores/RootStore';
import { StoresProvider } from '../../../src/app/stores/StoresContext';

/** Renders a component with the app's providers and a memory router at `path`. */
export function renderWithStores(ui: ReactNode, root: RootStore, path = '/app/dashboard') {
  return render(
    <ChakraProvider value={defaultSystem}>
      <StoresProvider store={root}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </StoresProvider>
    </ChakraProvider>,
  );
}
