import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { postResults } from '@/api/endpoints/projects/projects';
import { postResultsBody, postResultsBodyDataMax, postResultsBodyDeviationsMax, postResultsBodyPublicationsMax } from '@/api/zod/projects/projects.zod';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { trimming, withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FormTextField } from '@/ui/form/FormTextField';
import { RichTextField } from '@/ui/form/RichTextField';
import { useToast } from '@/ui/toast';
import { lineErrors, linkLines } from '../escrow/links';

const schema = postResultsBody.pick({ lay_summary: true, outcomes: true }).extend({
  publications: z.string(),
  data: z.string(),
  deviations: postResultsBody.shape.deviations.unwrap(),
});
type Values = z.infer<typeof schema>;

/** The owner posts the project's results, once: they stay as posted. */
export function ResultsDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const toast = useToast();
  const [banner, setBanner] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    resolver: withFieldRequiredText(trimming(zodResolver(schema))),
    defaultValues: { lay_summary: '', outcomes: '', publications: '', data: '', deviations: [] },
  });
  const deviations = useFieldArray({ control: form.control, name: 'deviations' });

  const submit = async (values: Values) => {
    setBusy(true);
    setBanner(null);
    try {
      await postResults(projectId, {
        lay_summary: values.lay_summary,
        outcomes: values.outcomes,
        publications: linkLines(values.publications),
        data: linkLines(values.data),
        deviations: values.deviations,
      });
      await queryClient.invalidateQueries();
      toast('The results are posted: the backers and followers are told.');
      onClose();
    } catch (error) {
      const fields = ['lay_summary', 'outcomes', ...values.deviations.flatMap((_, i) => [`deviations.${i}.what`, `deviations.${i}.why`] as const)] as const;
      setBanner(applyServerErrors(error, fields, form.setError));
      for (const field of ['publications', 'data'] as const) {
        const lines = error instanceof ApiError ? lineErrors(error, field) : null;
        if (lines) form.setError(field, { type: 'server', message: lines });
      }
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="results-title">
      <form noValidate onSubmit={form.handleSubmit(setConfirming)} aria-label="Results">
        <DialogTitle id="results-title">Post the results</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              Results are posted once and stay as posted, beside the registered protocol: say what was found, for anyone, and name every way the study
              departed from its protocol.
            </Typography>
            {banner && <Alert severity="error">{banner}</Alert>}
            <RichTextField control={form.control} name="lay_summary" label="Lay summary" required />
            <RichTextField control={form.control} name="outcomes" label="Outcomes" required />
            <FormTextField
              control={form.control}
              name="publications"
              label="Publications"
              multiline
              minRows={2}
              helperText={`DOIs, PubMed ids, trial registry ids (NCT, ISRCTN) or web addresses: one per line, at most ${postResultsBodyPublicationsMax}.`}
            />
            <FormTextField
              control={form.control}
              name="data"
              label="Data"
              multiline
              minRows={2}
              helperText={`Where the data are (a DOI or a web address): one per line, at most ${postResultsBodyDataMax}.`}
            />
            <Box role="group" aria-label="Deviations from the registered protocol">
              <Typography variant="subtitle1" component="h3">
                Deviations from the registered protocol
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {deviations.fields.length === 0 ? 'None listed: the results say the registered protocol was followed.' : 'Name each part done differently, and why.'}
              </Typography>
              <Stack spacing={2}>
                {deviations.fields.map((field, i) => (
                  <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                    <FormTextField control={form.control} name={`deviations.${i}.what`} label={`Deviation ${i + 1}`} required sx={{ flex: 1 }} />
                    <FormTextField control={form.control} name={`deviations.${i}.why`} label="Why" required multiline sx={{ flex: 2 }} />
                    <IconButton aria-label={`Remove deviation ${i + 1}`} onClick={() => deviations.remove(i)} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              {deviations.fields.length < postResultsBodyDeviationsMax && (
                <Button onClick={() => deviations.append({ what: '', why: '' })} sx={{ mt: 1 }}>
                  Add a deviation
                </Button>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Post the results
          </Button>
        </DialogActions>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          title="Post the results?"
          confirmLabel="Post the results"
          busy={busy}
          onClose={() => setConfirming(null)}
          onConfirm={() => void submit(confirming)}
        >
          Results stay as posted: they cannot be edited or removed.
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
