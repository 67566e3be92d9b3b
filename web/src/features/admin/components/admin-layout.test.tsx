/**
 * The admin frame keeps the keyboard's place across its screens: after the password, the sign-in
 * form goes and the passkey step comes once its options are in; the focus then is on the step's
 * heading, never on <body> (where a slow machine's browser test found it).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { system } from '../../../app/theme';
import { resetNavigationMemory } from '../../../components/layout/use-focus-heading-on-navigate';
import { AdminLayout } from './admin-layout';

// The frame's Logout signs out through Firebase, which this test never reaches.
jest.mock('../session', () => ({ signOutWithReason: jest.fn() }));

function SignIn() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Admin Login</h1>
      <button type="button" onClick={() => navigate('/admin/verify', { replace: true })}>
        Sign In
      </button>
    </>
  );
}

let reveal: () => void = () => undefined;
function PasskeyStep() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    reveal = () => setReady(true);
  }, []);
  return ready ? <h1>Add a passkey</h1> : <p role="status">Checking your sign-in...</p>;
}

beforeEach(() => {
  resetNavigationMemory();
  window.scrollTo = jest.fn();
});

it("puts the focus on the passkey step's heading when it comes after the sign-in", async () => {
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/admin/login']}>
          <AdminLayout signedIn={false}>
            <Routes>
              <Route path="/admin/login" element={<SignIn />} />
              <Route path="/admin/verify" element={<PasskeyStep />} />
            </Routes>
          </AdminLayout>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  const signIn = screen.getByRole('button', { name: 'Sign In' });
  signIn.focus();
  act(() => signIn.click());
  await act(async () => reveal());
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add a passkey' }));
});
