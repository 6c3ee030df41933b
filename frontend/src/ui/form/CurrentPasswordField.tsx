import type { Control, FieldValues, Path } from 'react-hook-form';
import { PasswordField } from './PasswordFields';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name?: Path<T>;
  required?: boolean;
  helperText?: string;
}

/** The "Current password" field every sensitive change asks for. */
export function CurrentPasswordField<T extends FieldValues>({ control, name, required, helperText }: Props<T>) {
  return (
    <PasswordField
      control={control}
      name={name ?? ('current_password' as Path<T>)}
      label="Current password"
      autoComplete="current-password"
      required={required}
      helperText={helperText}
    />
  );
}
