import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { theme } from '@/app/theme';
import { ToastProvider } from '@/ui/toast';

/** The router of the browser, or the one the server renders a page with (same routes). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app around its router: the same tree in the browser and on the server. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // `noSsr`: the theme reads the member's light or dark choice as it starts rather than in a
  // second render after the first, which would restyle every component of a page the server
  // rendered just after taking it over (300 ms of a phone's main thread on the project page).
  // No markup a visitor is served depends on that choice: the colours are CSS variables.
  return (
    <ThemeProvider theme={theme} noSsr>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
