import { Alert, Button } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetMyProject, useGetProjectEligibility } from '@/api/endpoints/projects/projects';
import type { ProjectDraft } from '@/api/model';
import { ApiError, errorMessage } from '@/lib/api-error';
import { NotFoundPage } from '@/ui/NotFoundPage';
import { Loading } from '@/ui/QueryState';
import { WizardDone, WizardScreen, WizardSteps } from '@/ui/wizard/WizardFrame';
import { EligibilityNotice } from '../EligibilityNotice';
import { BudgetStep } from './BudgetStep';
import { GeneralStep } from './GeneralStep';
import { LockedBudget } from './LockedBudget';
import { ResearchStep } from './ResearchStep';
import { ReviewStep } from './ReviewStep';
import { TeamStep } from './TeamStep';

export const SENT_FOR_REVIEW = 'Your project has been sent for review';
const STEPS = ['General', 'Research', 'Team and needs', 'Budget', 'Review & submit'];
const LIVE_STEPS = ['General', 'Research', 'Team and needs', 'Budget', 'Review changes'];

/** /submit-project and /submit-project/{id}: the steps save as the member goes. */
export function ProjectWizardPage() {
  const { id } = useParams();
  const heading = id ? 'Edit project' : 'Submit a project';
  const eligibility = useGetProjectEligibility();
  const project = useGetMyProject(Number(id), { query: { enabled: Boolean(id) } });
  if (project.error instanceof ApiError && project.error.status === 404) return <NotFoundPage />;
  const error = eligibility.error ?? project.error;
  let body: ReactNode;
  if (error) body = <Alert severity="error">{errorMessage(error)}</Alert>;
  else if (!eligibility.data || (id && !project.data)) body = <Loading />;
  else if (!eligibility.data.data.can_submit) body = <EligibilityNotice gaps={eligibility.data.data.gaps} />;
  else if (project.data && !project.data.data.can_edit) {
    body = <Alert severity="info">This project is under review, suspended or closed; it cannot be changed.</Alert>;
  } else body = <Wizard initial={project.data?.data} />;
  return <WizardScreen heading={heading}>{body}</WizardScreen>;
}

function Wizard({ initial }: { initial?: ProjectDraft }) {
  const [step, setStep] = useState(0);
  const [project, setProject] = useState<ProjectDraft | undefined>(initial);
  const saved = (next: number) => (draft: ProjectDraft) => {
    setProject(draft);
    setStep(next);
  };

  const live = project?.edits_wait_for_review ?? false;
  const steps = live ? LIVE_STEPS : STEPS;

  if (step === STEPS.length) {
    return (
      <WizardDone
        message={SENT_FOR_REVIEW}
        actions={
          <Button component={RouterLink} to="/my-projects" variant="contained">
            My projects
          </Button>
        }
      />
    );
  }

  const notice = live && (
    <Alert severity="info" sx={{ mb: 3 }}>
      This project is live. What you change here waits for staff approval; until then everyone sees the approved version.
    </Alert>
  );
  return (
    <WizardSteps steps={steps} step={step} notice={notice}>
        {step === 0 && <GeneralStep project={project} onSaved={saved(1)} />}
        {step === 1 && project && <ResearchStep project={project} onBack={() => setStep(0)} onSaved={saved(2)} />}
        {step === 2 && project && <TeamStep project={project} onBack={() => setStep(1)} onSaved={saved(3)} />}
        {step === 3 &&
          project &&
          (project.can_submit ? (
            <BudgetStep project={project} onBack={() => setStep(2)} onSaved={saved(4)} />
          ) : (
            <LockedBudget project={project} onBack={() => setStep(2)} onNext={() => setStep(4)} />
          ))}
        {step === 4 && project && <ReviewStep project={project} onBack={() => setStep(3)} onSubmitted={saved(STEPS.length)} onChanged={setProject} />}
    </WizardSteps>
  );
}
