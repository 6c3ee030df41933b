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
  return (
    <ThemeProvider theme={theme}>
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
