/**
 * On the server, a part of a page whose code loads later (`React.lazy`) is never there: its
 * Suspense fallback is rendered, as the browser renders it while taking the page over,
 * before that code arrives. (Were it loaded, a part loaded for one page would be rendered
 * into the next page the engine renders, and that page would no longer match the browser's
 * first render.) Imported by src/entry-server.tsx before any module that makes such a part.
 */
import React from 'react';

const never = new Promise<never>(() => {});

/** How many parts the render under way left to the browser. */
export const partsLeft = { count: 0 };

(React as { lazy: unknown }).lazy = () =>
  function LoadedInTheBrowser(): never {
    partsLeft.count += 1;
    throw never;
  };
