import { Box, FormHelperText, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FindMentions } from './mentions';

// The editor (tiptap and ProseMirror, the largest code on the site) loads only where a
// field is shown, never with the pages that merely display rich text.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Holds the editor's place while it loads, at its height with its helper text (which wraps
 * on a phone), so nothing below moves and a click meant for a button lands on it. */
function EditorPlaceholder({ label, helperText }: { label: string; helperText?: string }) {
  return (
    <Box role="status" aria-label={`Loading ${label}`}>
      <Skeleton variant="text" width={160} />
      <Skeleton variant="rounded" height={166} />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </Box>
  );
}

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  helperText?: string;
  /** Offers @mentions of the members this finds. */
  mentions?: FindMentions;
}

/** A rich-text field bound to react-hook-form; an emptied editor holds ''. */
export function RichTextField<T extends FieldValues>({ name, control, ...props }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Suspense fallback={<EditorPlaceholder label={props.label} helperText={props.helperText} />}>
          <RichTextEditor
            {...props}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        </Suspense>
      )}
    />
  );
}
