import { sendJoinRequestBody } from '@/api/zod/groups/groups.zod';
import { trimming, withFieldRequiredText, type z, zodResolver } from '@/lib/zod';
import { Alert, Box, Checkbox, Dialog, DialogContent, DialogTitle, FormControl, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSendJoinRequest } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichText } from '@/ui/RichText';
import { useToast } from '@/ui/toast';
import { AgreementText } from '../agreement/AgreementText';

const schema = sendJoinRequestBody;
type Values = z.infer<typeof schema>;

interface Props {
  group: GroupDetail;
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}

/** Spec 2 §4 Join flow: the member obligations, consent, and a message for the owner. */
export function ConsentDialog({ group, open, onClose, onSent }: Props) {
  const send = useSendJoinRequest();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  // Issue 24 §2: where the group has a data-use agreement, joining accepts its current version.
  const agreement = group.agreement.version ?? undefined;
  const form = useForm<Values>({ resolver: withFieldRequiredText(trimming(zodResolver(schema))), defaultValues: { message: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await send.mutateAsync({
        slug: group.slug,
        data: { message: values.message, agreement_version: values.agreement_version },
      });
      toast(data.message);
      form.reset();
      onSent();
    } catch (error) {
      setBanner(applyServerErrors(error, ['message', 'agreement_version'], form.setError));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="join-title" fullWidth maxWidth="sm">
      <DialogTitle id="join-title">Join {group.title}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Join request">
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <Typography>By joining this working group, you are committing to:</Typography>
            <RichText html={group.member_obligations} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 0.5 }} />
            <Typography sx={{ fontWeight: 600 }}>Do you consent to the above?</Typography>
            {agreement && (
              <>
                <AgreementText slug={group.slug} />
                <Controller
                  control={form.control}
                  name="agreement_version"
                  render={({ field, fieldState }) => (
                    <FormControl error={Boolean(fieldState.error)}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={field.value === agreement}
                            onChange={(event) => field.onChange(event.target.checked ? agreement : undefined)}
                          />
                        }
                        label={`I accept the data-use agreement (version ${agreement})`}
                      />
                      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                    </FormControl>
                  )}
                />
              </>
            )}
            <FormTextField
              control={form.control}
              name="message"
              label="Message to the organisers"
              helperText="Tell them who you are and why you would like to join."
              required
              multiline
              minRows={3}
            />
            <DialogFormActions submitLabel="Yes, send request" onCancel={onClose} busy={form.formState.isSubmitting} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
