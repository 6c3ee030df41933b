import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'Your changes on this page are not saved yet.';

/**
 * Warns before an edited form is left unsaved: leaving for another page of the app asks first;
 * closing or reloading the tab gets the browser's own question. A successful save makes the
 * saved values the new starting point, so only later edits count.
 */
export function UnsavedChangesGuard<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  const unsaved = isDirty && !isSubmitting && !isSubmitSuccessful;

  useEffect(() => {
    if (isSubmitSuccessful) form.reset(form.getValues(), { keepValues: true });
  }, [isSubmitSuccessful, form]);

  // Another step or tab of the same page (a search parameter) is not leaving it.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_TITLE}
      confirmLabel="Leave"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {LEAVE_TEXT}
    </ConfirmDialog>
  );
}
