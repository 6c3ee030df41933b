import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Card, CardContent, Container, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/ui/page-title';
import { useFocusOnChange } from '@/ui/useFocusOnChange';

/**
 * The frame both wizards share (a working group's and a project's, issue 48 §2): the screen
 * with its heading, the steps with the current one named and focused, and the success card.
 * What each step asks and saves is its own.
 */
export function WizardScreen({ heading, children }: { heading: string; children: ReactNode }) {
  usePageTitle(heading);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {heading}
      </Typography>
      {children}
    </Container>
  );
}

/** The steps (`steps`' labels, `step` the current one) above what it asks; `notice` above them. */
export function WizardSteps({ steps, step, notice, children }: { steps: string[]; step: number; notice?: ReactNode; children: ReactNode }) {
  // Each step starts at the top with its heading focused, so a screen reader hears where it is.
  const stepHeading = useFocusOnChange<HTMLHeadingElement>(step);
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        {notice}
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="subtitle1" component="h2" ref={stepHeading} sx={{ mb: 2, fontWeight: 600, outline: 'none' }}>
          Step {step + 1} of {steps.length}: {steps[step]}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The wizard's end: what was done (`message`, announced) and where to go next (`actions`). */
export function WizardDone({ message, actions, children }: { message: string; actions: ReactNode; children?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: 4 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
          <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
          <Typography variant="h5" component="p">
            {message}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {actions}
          </Stack>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
