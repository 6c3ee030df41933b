import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  helperText?: string;
}

/** A yes/no setting bound to react-hook-form. */
export function SwitchField<T extends FieldValues>({ name, control, label, helperText }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
            label={label}
          />
          {helperText && <FormHelperText sx={{ mt: 0 }}>{helperText}</FormHelperText>}
        </Stack>
      )}
    />
  );
}
