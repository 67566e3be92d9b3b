import { act, render, screen } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { resetNavigationMemory, useFocusHeadingOnNavigate } from './use-focus-heading-on-navigate';

function Layout({ children }: { children: ReactNode }) {
  useFocusHeadingOnNavigate();
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}

/** A page whose h1 comes after its data, as an admin page's does. */
function LatePage({ show }: { show: (reveal: () => void) => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => show(() => setReady(true)), [show]);
  return ready ? <h1>Add a passkey</h1> : <p>Checking…</p>;
}

function SignIn() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Admin Login</h1>
      <button type="button" onClick={() => navigate('/verify', { replace: true })}>
        Sign in
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderAt(path: string, show: (reveal: () => void) => void = (reveal) => reveal()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Layout>
        <Routes>
          <Route path="/login" element={<SignIn />} />
          <Route path="/verify" element={<LatePage show={show} />} />
          <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
        </Routes>
      </Layout>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetNavigationMemory();
  window.scrollTo = jest.fn();
});

describe('the focus after a navigation', () => {
  it('stays with the browser on the first load', () => {
    renderAt('/login');
    expect(document.activeElement).toBe(document.body);
  });

  it("goes to the new page's heading once it appears, not to <body> meanwhile", async () => {
    let reveal: () => void = () => undefined;
    renderAt('/login', (r) => (reveal = r));
    const button = screen.getByRole('button', { name: 'Sign in' });
    button.focus();
    act(() => button.click());
    // The sign-in form is gone and the next page has no heading yet.
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    await act(async () => reveal());
    const heading = screen.getByRole('heading', { name: 'Add a passkey' });
    expect(document.activeElement).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('goes to the heading at once when the new page has it', () => {
    renderAt('/login');
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    link.focus();
    act(() => link.click());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Elsewhere' }));
  });

  it('stays where the person put it before the heading came', async () => {
    let reveal: () => void = () => undefined;
    const { container } = renderAt('/login', (r) => (reveal = r));
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    const elsewhere = document.createElement('button');
    container.append(elsewhere);
    elsewhere.focus();
    await act(async () => reveal());
    expect(document.activeElement).toBe(elsewhere);
  });
});
