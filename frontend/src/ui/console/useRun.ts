import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffError } from './staffError';
import { useToast } from '@/ui/toast';

/**
 * Runs a staff action: shows the server's confirmation (or its error) in a toast and
 * refreshes every staff query, so counts, lists and the log agree with what was done.
 */
export function useRun() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** `success` is the toast's text; without it, the server's own confirmation is shown. */
  const run = async (action: () => Promise<unknown>, success?: string): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await action();
      toast(success ?? confirmationOf(answer));
      await queryClient.invalidateQueries();
      return true;
    } catch (error) {
      toast(staffError(error), 'error', 'Error');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

/** The `{data: {message}}` of an action's answer. */
function confirmationOf(answer: unknown): string {
  const message = (answer as { data?: { message?: unknown } } | undefined)?.data?.message;
  return typeof message === 'string' ? message : 'Done.';
}
