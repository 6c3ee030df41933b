import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useReport } from '@/api/endpoints/moderation/moderation';
import { ReportReason, type ReportSubject } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { z, zodResolver } from '@/lib/zod';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';
import { reportReasonLabels } from './labels';

const CHOOSE_REASON = 'Choose a reason.';

const schema = z.object({
  reason: z.enum(Object.values(ReportReason) as [ReportReason, ...ReportReason[]], { message: CHOOSE_REASON }),
  details: z.string(),
});
type Values = z.infer<typeof schema>;

interface Props {
  subjectType: ReportSubject;
  subjectId: number;
  what: string;
  onClose: () => void;
}

/** Why a member reports something: a reason from the review guidelines, and what is wrong. */
export function ReportDialog({ subjectType, subjectId, what, onClose }: Props) {
  const titleId = useId();
  const reasonId = useId();
  const report = useReport();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { reason: undefined, details: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await report.mutateAsync({
        data: { subject_type: subjectType, subject_id: subjectId, reason: values.reason, details: values.details || null },
      });
      toast(data.message);
      onClose();
    } catch (error) {
      setBanner(applyServerErrors(error, ['reason', 'details'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Report {what}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <DialogContentText>
              The moderators will review it. They will not tell anyone who reported it.
            </DialogContentText>
            {banner && <Alert severity="error">{banner}</Alert>}
            <Controller
              name="reason"
              control={form.control}
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)}>
                  <FormLabel id={reasonId}>Why?</FormLabel>
                  <RadioGroup aria-labelledby={reasonId} value={field.value ?? ''} onChange={(_, value) => field.onChange(value)}>
                    {Object.values(ReportReason).map((reason) => (
                      <FormControlLabel key={reason} value={reason} control={<Radio />} label={reportReasonLabels[reason]} />
                    ))}
                  </RadioGroup>
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <FormTextField
              name="details"
              control={form.control}
              label="What is wrong?"
              helperText="Needed for Something else; up to 1000 characters."
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <DialogFormActions submitLabel="Send report" onCancel={onClose} busy={form.formState.isSubmitting} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
