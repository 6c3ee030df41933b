import { FIELD_REQUIRED, trimming, z, zodResolver } from '@/lib/zod';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { getListApiTokensQueryKey, useCreateApiToken } from '@/api/endpoints/tokens/tokens';
import type { ApiTokenCreated } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { FormSelect } from '@/ui/form/FormSelect';
import { FormTextField } from '@/ui/form/FormTextField';
import { areas, type Scope } from './scopes';

type Access = 'none' | 'read' | 'write';

const LIFETIMES = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];

// The scopes are kept beside the form, not in it: a record of choices would pull zod's
// record and enum checks into the chunk of zod every form on the site shares.
const schema = z.object({
  name: z.string().min(1, FIELD_REQUIRED).max(100),
  expires_in_days: z.number(),
});

type Values = z.infer<typeof schema>;

const FIELDS = ['name', 'expires_in_days'] as const;

/** Name, expiry and, per area, no access, read, or read and write. */
export function TokenForm({
  grantable,
  onCreated,
}: {
  grantable: readonly Scope[];
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const offered = areas(grantable);
  const create = useCreateApiToken();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const [scopesError, setScopesError] = useState<string | null>(null);
  const blank = { name: '', expires_in_days: 90 };
  const form = useForm<Values>({ resolver: trimming(zodResolver(schema)), defaultValues: blank });
  const [access, setAccess] = useState<Record<string, Access>>({});

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    setScopesError(null);
    const scopes: Scope[] = offered.flatMap((area) => {
      const chosen = access[area.name];
      return chosen === 'read' ? [area.read] : chosen === 'write' ? [area.write] : [];
    });
    try {
      const { data } = await create.mutateAsync({
        data: { name: values.name, scopes, expires_in_days: values.expires_in_days },
      });
      form.reset(blank);
      setAccess({});
      onCreated(data);
      await queryClient.invalidateQueries({ queryKey: getListApiTokensQueryKey() });
    } catch (error) {
      setScopesError(error instanceof ApiError ? (error.fieldErrors('scopes')[0] ?? null) : null);
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="New token">
      <Stack spacing={2}>
        {banner && <Alert severity="error">{banner}</Alert>}
        <FormTextField control={form.control} name="name" label="Name" required helperText="What the token is for" />
        <FormSelect control={form.control} name="expires_in_days" label="Expires in" options={LIFETIMES} required />
        <FormControl error={scopesError !== null} component="fieldset">
          <FormLabel component="legend">Scopes</FormLabel>
          <Stack spacing={1} sx={{ mt: 1 }}>
            {offered.map((area) => (
              <Stack
                key={area.name}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 2 }}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              >
                <Typography id={`scope-${area.name}`}>{area.label}</Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={access[area.name] ?? 'none'}
                  aria-labelledby={`scope-${area.name}`}
                  onChange={(_, value: Access | null) => value && setAccess((now) => ({ ...now, [area.name]: value }))}
                >
                  <ToggleButton value="none">No access</ToggleButton>
                  <ToggleButton value="read">Read</ToggleButton>
                  <ToggleButton value="write">Read and write</ToggleButton>
                </ToggleButtonGroup>
              </Stack>
            ))}
          </Stack>
          {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Create token
        </Button>
      </Stack>
    </Box>
  );
}
