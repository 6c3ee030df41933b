import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useStaffListUsers } from '@/api/endpoints/auth-staff/auth-staff';
import { useDebounced } from '@/lib/useDebounced';

/** A person chosen by name or e-mail. */
export interface PickedUser {
  id: number;
  name: string;
}

interface Props<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  helperText?: string;
}

/** Picks a member (a blog post's author) by searching the user directory as one types. */
export function UserPicker<T extends FieldValues>({ name, control, label, helperText }: Props<T>) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, 300);
  const users = useStaffListUsers({ search: search || undefined, perPage: 10 });
  const options: PickedUser[] = (users.data?.data ?? []).map((user) => ({ id: user.id, name: `${user.name} (${user.email})` }));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<PickedUser>
          options={options}
          value={(field.value as PickedUser | null) ?? null}
          onChange={(_, next) => field.onChange(next)}
          onInputChange={(_, next) => setInput(next)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(all) => all}
          loading={users.isFetching}
          renderInput={(params) => (
            <TextField {...params} label={label} error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? helperText} />
          )}
        />
      )}
    />
  );
}
