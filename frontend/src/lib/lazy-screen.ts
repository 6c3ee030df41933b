import type { ComponentType } from 'react';

/**
 * A route whose screen is its own chunk, loaded on the first visit: `lazy` for
 * react-router. Features' route tables are made of these, so the router can list every
 * route up front while each screen's code stays out of the first load.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
