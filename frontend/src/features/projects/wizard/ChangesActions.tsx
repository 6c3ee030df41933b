import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { withdrawProjectChanges } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { errorMessage } from '@/lib/api-error';

/** The end of the wizard on a live project: its changes wait for staff (or there are
 * none), and the owner may withdraw them. */
export function ChangesActions({ project, onBack, onChanged }: { project: ProjectDraft; onBack: () => void; onChanged: (saved: ProjectDraft) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const withdraw = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged((await withdrawProjectChanges(project.id)).data);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Alert severity={project.changes_pending ? 'info' : 'success'} role="status">
        {project.changes_pending
          ? 'Your changes wait for staff approval. Until then everyone sees the approved version.'
          : 'No changes wait for approval: everyone sees the project as shown here.'}
      </Alert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button onClick={onBack}>Back</Button>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {project.changes_pending && (
            <Button color="error" onClick={() => void withdraw()} disabled={busy}>
              Withdraw changes
            </Button>
          )}
          <Button component={RouterLink} to="/my-projects" variant="contained">
            My projects
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
