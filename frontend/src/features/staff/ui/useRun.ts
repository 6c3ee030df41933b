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
  const run = async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      toast(success);
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
