/**
 * Renders a screen for a component test: Chakra with the app's theme, a fresh query cache and a
 * memory router at `path`. Other routes render their path as text, so a test can see where a
 * screen navigated to.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { system } from '../app/theme';

function Elsewhere() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** `pattern` is the route the screen is mounted at when it reads params (`/admin/students/:id`). */
export function renderScreen(screen: ReactElement, path = '/', pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={screen} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}
