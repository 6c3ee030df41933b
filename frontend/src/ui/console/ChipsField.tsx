import { Autocomplete, Chip, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  /** Known values offered as suggestions; anything typed is accepted too. */
  suggestions?: string[];
  helperText?: string;
}

/** Free words (tags, categories) typed and confirmed with Enter, shown as chips. */
export function ChipsField<T extends FieldValues>({ name, control, label, suggestions = [], helperText }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          options={suggestions}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(_, next) => field.onChange(next.map((value) => value.trim()).filter(Boolean))}
          renderValue={(values, getItemProps) =>
            values.map((value, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={value} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helperText ?? 'Press Enter after each one.'}
            />
          )}
        />
      )}
    />
  );
}
