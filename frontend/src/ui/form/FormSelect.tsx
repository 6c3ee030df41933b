import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

interface Props<T extends FieldValues, V extends string | number> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  options: Option<V>[];
  /** Several values, shown as a comma list; `max` caps how many. */
  multiple?: boolean;
  max?: number;
  required?: boolean;
}

/** A select (single or multiple) bound to react-hook-form. Empty single selects hold null. */
export function FormSelect<T extends FieldValues, V extends string | number>({
  name,
  control,
  label,
  options,
  multiple = false,
  max,
  required,
}: Props<T, V>) {
  const labelId = useId();
  const labelOf = (value: V) => options.find((o) => o.value === value)?.label ?? String(value);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = multiple ? ((field.value as V[] | undefined) ?? []) : (field.value ?? '');
        return (
          <FormControl fullWidth error={Boolean(fieldState.error)} required={required}>
            <InputLabel id={labelId}>{label}</InputLabel>
            <Select
              labelId={labelId}
              label={label}
              multiple={multiple}
              value={value}
              onBlur={field.onBlur}
              inputRef={field.ref}
              renderValue={multiple ? (selected) => (selected as V[]).map(labelOf).join(', ') : undefined}
              onChange={(event) => {
                const next = event.target.value as V | V[];
                if (Array.isArray(next)) {
                  if (max === undefined || next.length <= max) field.onChange(next);
                } else {
                  field.onChange(next === '' ? null : next);
                }
              }}
            >
              {!multiple && !required && (
                <MenuItem value="">
                  <em>Not specified</em>
                </MenuItem>
              )}
              {options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </Select>
            {(fieldState.error || max !== undefined) && (
              <FormHelperText>{fieldState.error?.message ?? `Select at most ${max}.`}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}
