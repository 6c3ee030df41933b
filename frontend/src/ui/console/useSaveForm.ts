import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '@/lib/form-errors';
import { useToast } from '@/ui/toast';

interface Options<T extends FieldValues> {
  /** The fields the server may name in its errors. */
  fields: readonly Path<T>[];
  /** Creates or updates; answers the saved record. */
  save: (values: T) => Promise<{ data: { id: number } }>;
  /** Set when editing; a new record opens in its editor once created. */
  id?: number;
  /** The editor's address for a record. */
  editPath: (id: number) => string;
  /** Sees every failure too (for errors about parts of the form that are not fields). */
  onError?: (error: unknown) => void;
}

/**
 * Submits a console editor: the server's field errors land on the fields, anything else
 * in the banner; a new record then opens in its own editor (where pictures can be added).
 */
export function useSaveForm<T extends FieldValues>(form: UseFormReturn<T>, { fields, save, id, editPath, onError }: Options<T>) {
  const [banner, setBanner] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    onError?.(null);
    try {
      const saved = await save(values);
      toast('Saved.');
      await queryClient.invalidateQueries();
      if (id === undefined) void navigate(editPath(saved.data.id), { replace: true });
    } catch (error) {
      onError?.(error);
      setBanner(applyServerErrors(error, fields, form.setError));
    }
  });
  return { onSubmit, banner };
}
