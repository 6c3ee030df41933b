import { Alert, Box, Dialog, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useModerateReportedItem } from '@/api/endpoints/moderation/moderation';
import type { ModerationAction, ReportedItem } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';
import { moderationActionLabels, reportSubjectLabels } from './labels';

/** What each action does, said before it is done. */
const EXPLAINED: Record<ModerationAction, string> = {
  dismiss: 'The reports are settled and, if it was hidden, everyone reads it again.',
  hide: 'Only its author and the moderators will read it. Its author reads your reason.',
  delete: 'It is deleted for everyone. This cannot be undone.',
  warn: 'Its author is told, with your reason. It stays as it is.',
  suspend: "Its author's account is switched off and their sessions end.",
};

interface Values {
  reason: string;
}

interface Props {
  item: ReportedItem;
  action: ModerationAction;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** A moderator confirms an action on a reported item and says why (the log keeps it). */
export function ModerationDialog({ item, action, onClose, onDone }: Props) {
  const titleId = useId();
  const moderate = useModerateReportedItem();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { reason: '' } });
  const danger = action === 'delete' || action === 'suspend';

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setBanner(null);
    try {
      const { data } = await moderate.mutateAsync({
        subjectType: item.subject_type,
        subjectId: item.subject_id,
        data: { action, reason: reason.trim() || null },
      });
      toast(data.message);
      onClose();
      await onDone();
    } catch (error) {
      setBanner(applyServerErrors(error, ['reason'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {moderationActionLabels[action]}: {reportSubjectLabels[item.subject_type]}
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <DialogContentText>{EXPLAINED[action]}</DialogContentText>
            {banner && <Alert severity="error">{banner}</Alert>}
            <FormTextField
              name="reason"
              control={form.control}
              label="Reason"
              helperText="Shown in the moderation log; the author reads it when hidden, warned or suspended."
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <DialogFormActions
              submitLabel={moderationActionLabels[action]}
              onCancel={onClose}
              busy={form.formState.isSubmitting}
              color={danger ? 'error' : 'primary'}
            />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
