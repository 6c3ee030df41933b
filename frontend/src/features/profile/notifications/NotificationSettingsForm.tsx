import { z, zodResolver } from '@/lib/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { getListNotificationSettingsQueryKey, useUpdateNotificationSettings } from '@/api/endpoints/auth/auth';
import { EmailFrequency, type DeliveryMethod, type NotificationSetting } from '@/api/model';
import { updateNotificationSettingsBody } from '@/api/zod/auth/auth.zod';
import { applyServerErrors } from '@/lib/form-errors';
import { useToast } from '@/ui/toast';

const methodLabels: Record<DeliveryMethod, string> = { in_app: 'In-app', email: 'Email' };

/** Issue 23 §3: e-mail at once, or gathered into a digest at 08:00 in the member's time zone. */
const frequencyLabels: Record<EmailFrequency, string> = {
  instant: 'Each at once',
  daily: 'Daily digest',
  weekly: 'Weekly digest (Mondays)',
};

type Values = z.infer<typeof updateNotificationSettingsBody>;

/** One row per kind: on or off, and which delivery methods (at least one: "Required"). */
export function NotificationSettingsForm({ settings }: { settings: NotificationSetting[] }) {
  const update = useUpdateNotificationSettings();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(updateNotificationSettingsBody),
    defaultValues: {
      settings: settings.map(({ id, is_active, enabled_delivery_methods, email_frequency }) => ({
        id,
        is_active,
        enabled_delivery_methods,
        email_frequency,
      })),
    },
  });
  const rows = useWatch({ control: form.control, name: 'settings' });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await update.mutateAsync({ data: values });
      toast(data.message);
      await queryClient.invalidateQueries({ queryKey: getListNotificationSettingsQueryKey() });
    } catch (error) {
      const rowFields = settings.map((_, index) => `settings.${index}.enabled_delivery_methods` as const);
      setBanner(applyServerErrors(error, rowFields, form.setError));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Notification settings">
      <Stack spacing={2} divider={<Divider flexItem />}>
        {banner && <Alert severity="error">{banner}</Alert>}
        {settings.map((setting, index) => (
          <Fragment key={setting.id}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }} id={`setting-${setting.id}`}>
                  {setting.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {setting.description}
                </Typography>
              </Box>
              <Stack sx={{ minWidth: 200 }}>
                <Controller
                  control={form.control}
                  name={`settings.${index}.is_active`}
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
                      label={field.value === false ? 'Off' : 'On'}
                      aria-describedby={`setting-${setting.id}`}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`settings.${index}.enabled_delivery_methods`}
                  render={({ field, fieldState }) => (
                    <>
                      <FormGroup row aria-label={`${setting.name}: delivery methods`}>
                        {setting.delivery_methods.map((method) => (
                          <FormControlLabel
                            key={method}
                            label={methodLabels[method]}
                            disabled={rows?.[index]?.is_active === false}
                            control={
                              <Checkbox
                                checked={field.value.includes(method)}
                                onChange={(e) =>
                                  field.onChange(
                                    e.target.checked ? [...field.value, method] : field.value.filter((m) => m !== method),
                                  )
                                }
                              />
                            }
                          />
                        ))}
                      </FormGroup>
                      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                    </>
                  )}
                />
                <Controller
                  control={form.control}
                  name={`settings.${index}.email_frequency`}
                  render={({ field }) => (
                    <TextField
                      select
                      size="small"
                      label="E-mail"
                      slotProps={{
                        select: { native: true },
                        inputLabel: { shrink: true },
                        htmlInput: { 'aria-label': `${setting.name}: e-mail` },
                      }}
                      value={field.value ?? 'instant'}
                      onChange={(e) => field.onChange(e.target.value as EmailFrequency)}
                      disabled={rows?.[index]?.is_active === false || !rows?.[index]?.enabled_delivery_methods.includes('email')}
                      sx={{ mt: 1 }}
                    >
                      {Object.values(EmailFrequency).map((frequency) => (
                        <option key={frequency} value={frequency}>
                          {frequencyLabels[frequency]}
                        </option>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
            </Stack>
          </Fragment>
        ))}
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Save settings
        </Button>
      </Stack>
    </Box>
  );
}
