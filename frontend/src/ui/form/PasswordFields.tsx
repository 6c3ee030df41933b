/**
 * The fields a password is typed in (issue 49 §1): each with a Show/Hide switch, and a new
 * one with how hard it is to guess under it.
 */
import { Stack } from '@mui/material';
import { useWatch, type FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { PasswordStrength } from './PasswordStrength';
import { useReveal } from './useReveal';

type Props<T extends FieldValues> = Omit<Parameters<typeof FormTextField<T>>[0], 'type' | 'slotProps'>;

/** A password bound to react-hook-form, with its Show/Hide switch. */
export function PasswordField<T extends FieldValues>(props: Props<T>) {
  const reveal = useReveal();
  return <FormTextField {...props} type={reveal.type} slotProps={{ input: { endAdornment: reveal.endAdornment } }} />;
}

/** A password being chosen: the field, with how hard it is to guess under it.
 * `userInputs` are what a guesser would try first for this member (their name, e-mail). */
export function NewPasswordField<T extends FieldValues>({ userInputs, ...props }: Props<T> & { userInputs?: string[] }) {
  const password: unknown = useWatch({ control: props.control, name: props.name });
  return (
    <Stack spacing={1}>
      <PasswordField autoComplete="new-password" {...props} />
      <PasswordStrength password={typeof password === 'string' ? password : ''} userInputs={userInputs} />
    </Stack>
  );
}
