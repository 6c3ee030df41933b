import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ApiError } from '@/lib/api-error';
import type { StaffScreen } from '@/ui/console/staffScreens';
import { ErrorState, Loading } from '@/ui/QueryState';
import { HomePage } from './HomePage';
import { consolePages } from './pages';
import { StaffLayout } from './StaffLayout';

/**
 * The console's pages under its layout (which turns away anyone who is not staff): its own
 * and the `pages` each domain's feature brings (the app puts them together, src/app/router.tsx).
 * Each page is its own chunk: the data grid and the editors load only where used.
 */
export function StaffConsole({ pages }: { pages: StaffScreen[] }) {
  return (
    <StaffLayout>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route index element={<HomePage />} />
          {[...consolePages, ...pages].map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<ErrorState error={new ApiError(404, { message: 'Not found.' })} />} />
        </Routes>
      </Suspense>
    </StaffLayout>
  );
}
