import { Outlet } from 'react-router';
import { PersonalizationDialog } from './PersonalizationDialog';

/** The private pages, with the personalization modal ready to open on any of them. */
export function PersonalizationHost() {
  return (
    <>
      <PersonalizationDialog />
      <Outlet />
    </>
  );
}
