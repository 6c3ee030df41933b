import { useState } from 'react';

/**
 * True from the first time `open` is true: a menu or drawer whose code loads on demand
 * mounts when first opened and stays mounted, so it can animate closed and open again.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
