import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/app/query-client';
import { setToken } from '@/lib/auth-token';
import { PrivateRoute, PublicOnlyRoute } from './guards';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <PrivateRoute />, children: [{ path: '/dashboard', element: <p>dashboard page</p> }] },
      { path: '/working-groups/:slug', element: <p>group page</p> },
      { element: <PublicOnlyRoute />, children: [{ path: '/login', element: <p>login page</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('route guards', () => {
  it('send a signed-out visitor of a private route to /login with redirect_to', async () => {
    const router = renderAt('/dashboard?tab=groups');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect_to=${encodeURIComponent('/dashboard?tab=groups')}`);
  });

  it('send a signed-in user away from public-only routes to /dashboard', async () => {
    setToken('live');
    const router = renderAt('/login');
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('send a signed-in user on a sign-in link to where it was headed', async () => {
    setToken('live');
    const router = renderAt(`/login?redirect_to=${encodeURIComponent('/working-groups/aphasia?joinGroup=true')}`);
    expect(await screen.findByText('group page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?joinGroup=true');
  });

  it('never follow a redirect_to that leaves the site', async () => {
    setToken('live');
    const router = renderAt(`/login?redirect_to=${encodeURIComponent('//evil.example/x')}`);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
