import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';
import { TOAST_DURATION_MS, TOAST_HIDE_DELAY_MS, type ToastKind } from './toast-model';

function Trigger({ kind, title }: { kind?: ToastKind; title?: string }) {
  const show = useToast();
  return <button onClick={() => show('Profile has been successfully updated.', kind, title)}>show</button>;
}

describe('toasts', () => {
  // The toast's view is its own chunk, loaded with the first toast: loaded here, once, so
  // its first load (a transform of MUI's snackbar, seconds on a busy machine: CI's Rust build
  // runs beside these tests) is not counted against the first test's 5 s.
  beforeAll(() => import('./ToastView'), 60_000);

  it('use the spec timings', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_HIDE_DELAY_MS).toBe(300);
  });

  it('show success by default and can be closed', async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('show'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Profile has been successfully updated.');
    expect(alert.className).toMatch(/filledSuccess|colorSuccess/);
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    await screen.findByText('show');
  });

  it('show errors as errors', async () => {
    render(
      <ToastProvider>
        <Trigger kind="error" />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('show'));
    expect((await screen.findByRole('alert')).className).toMatch(/filledError|colorError/);
  });

  it('show a title above the message when given one', async () => {
    render(
      <ToastProvider>
        <Trigger title="Success" />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('show'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^SuccessProfile has been successfully updated\.$/);
  });

  // Found by e2e: an error toast timing out just as a success toast came (an avatar saved 5 s
  // after a refused file) closed the new one, which was then never seen.
  it('keep a new toast when the one before it closes at that moment', async () => {
    // The provider's `show`, taken out of a component to call it between two renders.
    const grabbed: { show: ReturnType<typeof useToast> } = { show: () => undefined };
    function Grab() {
      const show = useToast();
      useEffect(() => {
        grabbed.show = show;
      }, [show]);
      return null;
    }
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    await act(async () => grabbed.show('The file was refused.', 'error'));
    const closeFirst = within(await screen.findByRole('alert')).getByRole('button', { name: /close/i });
    await act(async () => {
      grabbed.show('Your avatar has been updated.');
      closeFirst.click();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your avatar has been updated.');
  });
});
