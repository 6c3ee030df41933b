import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { getUploadMilestoneFileUrl, removeMilestoneFile, reportMilestone } from '@/api/endpoints/projects/projects';
import type { EscrowMilestone } from '@/api/model';
import { reportMilestoneBody, reportMilestoneBodyLinksMax } from '@/api/zod/projects/projects.zod';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { PdfUploads } from '@/ui/files/PdfUploads';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { useToast } from '@/ui/toast';
import { lineErrors, linkLines, linkProblem } from './links';

const schema = reportMilestoneBody.pick({ evidence: true }).extend({
  links: z.string().superRefine((text, ctx) => {
    const problem = linkProblem(linkLines(text), reportMilestoneBodyLinksMax);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
type Values = z.infer<typeof schema>;

/** The owner reports a milestone done: what was done (rich text), PDFs and links that show
 * it. `maxFiles` is how many files a report holds. */
export function MilestoneReportDialog({
  projectId,
  milestone,
  maxFiles,
  onClose,
}: {
  projectId: number;
  milestone: EscrowMilestone;
  maxFiles: number;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { evidence: milestone.evidence ?? '', links: milestone.links.join('\n') },
  });

  const submit = async (values: Values) => {
    setBusy(true);
    setBanner(null);
    try {
      await reportMilestone(projectId, milestone.position, { evidence: values.evidence, links: linkLines(values.links) });
      await queryClient.invalidateQueries();
      toast(`Milestone ${milestone.position} is reported: a Content Expert verifies it next.`);
      onClose();
    } catch (error) {
      setBanner(applyServerErrors(error, ['evidence'] as const, form.setError));
      const lines = error instanceof ApiError ? lineErrors(error, 'links') : null;
      if (lines) form.setError('links', { type: 'server', message: lines });
      await queryClient.invalidateQueries();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="milestone-report-title">
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Milestone report">
        <DialogTitle id="milestone-report-title">
          Report milestone {milestone.position}: {milestone.title}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              Say what was done and show it: backers read your report on the project page, and a Content Expert verifies it before its tranche is paid out.
            </Typography>
            {milestone.reason && <Alert severity="warning">Sent back: {milestone.reason}</Alert>}
            {banner && <Alert severity="error">{banner}</Alert>}
            <RichTextField control={form.control} name="evidence" label="What was done" required />
            <FormTextField
              control={form.control}
              name="links"
              label="Links"
              multiline
              minRows={3}
              helperText={`Publications, data, registry records: one web address per line, at most ${reportMilestoneBodyLinksMax}.`}
            />
            <PdfUploads
              heading="Files"
              inputLabel="Evidence file"
              uploadUrl={getUploadMilestoneFileUrl(projectId, milestone.position)}
              files={milestone.files}
              room={maxFiles}
              refresh={() => queryClient.invalidateQueries()}
              remove={(id) => removeMilestoneFile(projectId, milestone.position, id)}
            />
            <Typography variant="body2" color="text.secondary">
              {`PDFs only, at most ${maxFiles}. They go with your report: backers can open them once it is sent.`}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Report the milestone
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
