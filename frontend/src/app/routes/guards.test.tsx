import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/app/query-client';
import { setToken } from '@/lib/auth-token';
import { Outlet } from 'react-router';
import { getGetMeQueryKey } from '@/api/endpoints/auth/auth';
import { PasswordChangeGate, PrivateRoute, PUBLIC_ONLY_HANDLE, PublicOnlyRoute } from './guards';

function renderAt(path: string, client = createQueryClient()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <PasswordChangeGate />
            <Outlet />
          </>
        ),
        children: [
          {
            element: <PrivateRoute />,
            children: [
              { path: '/dashboard', element: <p>dashboard page</p> },
              { path: '/staff', element: <p>staff page</p> },
              { path: '/choose-password', element: <p>choose password page</p> },
            ],
          },
          { path: '/working-groups/:slug', element: <p>group page</p> },
          {
            element: <PublicOnlyRoute />,
            handle: PUBLIC_ONLY_HANDLE,
            children: [{ path: '/login', element: <p>login page</p> }],
          },
          // A public-only page as the gate sees it while the sign-in's navigation is pending.
          { handle: PUBLIC_ONLY_HANDLE, children: [{ path: '/signing-in', element: <p>signing in page</p> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
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

  it('hold an account that must choose a password, remembering the page it signed in for', async () => {
    // The sign-in's answer (who is signed in) can arrive while the sign-in page still shows.
    setToken('live');
    const client = createQueryClient();
    client.setQueryData(getGetMeQueryKey(), { data: { password_change_required: true } });
    const router = renderAt(`/login?redirect_to=${encodeURIComponent('/staff')}`, client);
    expect(await screen.findByText('choose password page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect_to=${encodeURIComponent('/staff')}`);
  });

  it('leave a public-only page to its own guard rather than remember it as the destination', async () => {
    setToken('live');
    const client = createQueryClient();
    client.setQueryData(getGetMeQueryKey(), { data: { password_change_required: true } });
    const router = renderAt(`/signing-in?redirect_to=${encodeURIComponent('/staff')}`, client);
    expect(await screen.findByText('signing in page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/signing-in');
  });
});
