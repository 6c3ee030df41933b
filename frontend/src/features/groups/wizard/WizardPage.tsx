import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useGetGroup, useGetMyGroup } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { NotFoundPage } from '@/ui/NotFoundPage';
import { Loading } from '@/ui/QueryState';
import { WizardDone, WizardScreen, WizardSteps } from '@/ui/wizard/WizardFrame';
import { Overview } from '../detail/Overview';
import { MaterialsEditor } from '../materials/MaterialsEditor';
import { GeneralStep } from './GeneralStep';
import { SpecificsStep } from './SpecificsStep';

export const SENT_FOR_REVIEW = 'Success! Your working group has been sent for review';

/** Spec 2 §2: General, Supplementary Materials, Specifics, then the success screen. */
const STEPS = ['General', 'Supplementary Materials', 'Specifics'];
const MATERIALS_STEP = 1;

/** /working-groups/create and /working-groups/edit/{slug}. */
export function WizardPage() {
  const { slug } = useParams();
  return slug ? (
    <EditWizard slug={slug} />
  ) : (
    <WizardScreen heading="Create Working Group">
      <Wizard />
    </WizardScreen>
  );
}

/** Someone else's group (or none) is not there to edit: the 404 screen, not the wizard. */
function EditWizard({ slug }: { slug: string }) {
  const found = useGetGroup(slug);
  const id = found.data?.data.id ?? 0;
  const mine = useGetMyGroup(id, { query: { enabled: id > 0 } });
  const error = found.error ?? mine.error;
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 404 || status === 403) return <NotFoundPage />;
  return (
    <WizardScreen heading="Edit Working Group">
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : mine.data ? <Wizard initial={mine.data.data} /> : <Loading />}
    </WizardScreen>
  );
}

function Wizard({ initial }: { initial?: GroupDetail }) {
  // "Edit Supplementary Materials" on the group page opens the wizard at that step.
  const [params] = useSearchParams();
  const [step, setStep] = useState(initial && params.get('step') === 'materials' ? MATERIALS_STEP : 0);
  const [group, setGroup] = useState<GroupDetail | undefined>(initial);
  const [preview, setPreview] = useState(false);

  if (step === STEPS.length && group) {
    return (
      <WizardDone
        message={SENT_FOR_REVIEW}
        actions={
          <>
            <Button variant="contained" onClick={() => setPreview(true)}>
              Preview
            </Button>
            <Button component={RouterLink} to="/working-groups/my">
              My Working Groups
            </Button>
          </>
        }
      >
        <Dialog open={preview} onClose={() => setPreview(false)} fullWidth maxWidth="md" aria-labelledby="preview-title">
          <DialogTitle id="preview-title">{group.title}</DialogTitle>
          <DialogContent>
            <Overview group={group} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPreview(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      </WizardDone>
    );
  }

  return (
    <WizardSteps steps={STEPS} step={step}>
        {step === 0 && (
          <GeneralStep
            group={group}
            onSaved={(saved) => {
              setGroup(saved);
              setStep(MATERIALS_STEP);
            }}
          />
        )}
        {step === MATERIALS_STEP && group && (
          <Stack spacing={3}>
            <MaterialsEditor groupId={group.id} />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Button onClick={() => setStep(0)}>Back</Button>
              <Button variant="contained" onClick={() => setStep(2)}>
                Next
              </Button>
            </Stack>
          </Stack>
        )}
        {step === 2 && group && (
          <SpecificsStep
            group={group}
            onBack={() => setStep(MATERIALS_STEP)}
            onSubmitted={(saved) => {
              setGroup(saved);
              setStep(STEPS.length);
            }}
          />
        )}
    </WizardSteps>
  );
}
