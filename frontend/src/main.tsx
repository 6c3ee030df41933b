import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { apiBaseUrl } from '@/lib/env';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

try {
  // Fail at start-up, visibly, when the API address is not configured.
  apiBaseUrl();
  const app = createRoot(root);
  // A transition renders in slices that yield to the browser, so the first render never
  // holds the main thread for long (a phone stays responsive while the page builds).
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  throw error;
}
