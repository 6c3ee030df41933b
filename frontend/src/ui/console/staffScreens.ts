import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page of the staff console at `/staff/{path}`, its code a chunk of its own. */
export interface StaffScreen {
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

/**
 * A console page whose code loads on its first visit: each domain's feature lists its own
 * (`features/<domain>/staff/pages.ts`), and the app puts them under the console's layout.
 */
export function staffScreen<M>(path: string, load: () => Promise<M>, pick: (module: M) => ComponentType): StaffScreen {
  return { path, Component: lazy(async () => ({ default: pick(await load()) })) };
}
