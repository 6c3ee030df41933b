import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { apiBaseUrl } from '@/lib/env';
import { installZodMessages } from '@/lib/zod-messages';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

try {
  // Fail at start-up, visibly, when the API address is not configured.
  apiBaseUrl();
  installZodMessages();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  throw error;
}
