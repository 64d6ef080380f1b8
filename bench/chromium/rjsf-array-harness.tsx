/**
 * The peer of the bulk chassis list (issue 17 bench): RJSF's chakra array field holding the same
 * 1,000 chassis IDs, one text input per item, in the app's Chakra system. Bundled by the bench
 * (esbuild) and loaded into Chromium; it reports when it has rendered.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { Theme as ChakraTheme } from '@rjsf/chakra-ui';
import { withTheme } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { system } from '../../src/app/theme';

const Form = withTheme(ChakraTheme);
const schema = {
  type: 'object',
  properties: {
    ChassisIds: { type: 'array', title: 'Chassis IDs', items: { type: 'string', title: 'Chassis ID' } },
  },
} as const;

declare global {
  interface Window {
    __ids: string[];
    __renderPeer: () => void;
  }
}

function Peer() {
  const [data, setData] = useState({ ChassisIds: window.__ids });
  return (
    <ChakraProvider value={system}>
      <Form schema={schema} validator={validator} formData={data} onChange={(e) => setData(e.formData)} />
    </ChakraProvider>
  );
}

/** The bench times this call until the 1,000 inputs are on screen. */
window.__renderPeer = () => createRoot(document.getElementById('root') as HTMLElement).render(<Peer />);
