import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Forms install the spec's texts by importing '@/lib/zod'; tests of schemas alone need them too.
import '@/lib/zod';

// Parts that load on demand (toasts, dialogs) arrive through a dynamic import, which a
// busy machine can take more than the default second to transform.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
