import { AppRouter } from './router/AppRouter';
import type { RootStore } from './stores/RootStore';
import { StoresProvider } from './stores/StoresContext';

/**
 * The whole client: the stores and the hash router. Chakra's provider sits under the router, around
 * every page but the sign-in page (issue 15 §4: AppRouter).
 */
export function App({ store }: { store: RootStore }) {
  return (
    <StoresProvider store={store}>
      <AppRouter />
    </StoresProvider>
  );
}
