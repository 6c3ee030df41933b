import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installZodMessages } from '@/lib/zod-messages';

installZodMessages();
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
