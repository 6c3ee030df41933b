import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { FormSelect } from '@/ui/form/FormSelect';
import { careerStageLabels, genderLabels, options } from '@/lib/labels';
import type { RegisterForm } from './form';

interface Props {
  control: Control<RegisterForm>;
  onContinue: () => void;
  onSkip: () => void;
}

/** Step 1: will the user share more about themselves? */
export function StepShare({ control, onContinue, onSkip }: Props) {
  const [sharing, setSharing] = useState(false);
  return (
    <Stack spacing={3}>
      <Typography>
        Would you like to tell us more about yourself? It helps us match you with working groups and people who share
        your interests.
      </Typography>
      {!sharing ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" size="large" onClick={() => setSharing(true)}>
            Yes
          </Button>
          <Button variant="outlined" size="large" onClick={onSkip}>
            Maybe later
          </Button>
        </Stack>
      ) : (
        <>
          <FormSelect control={control} name="gender" label="Gender (optional)" options={options(genderLabels)} />
          <FormSelect
            control={control}
            name="career_stage"
            label="Career stage (optional)"
            options={options(careerStageLabels)}
          />
          <Button variant="contained" size="large" onClick={onContinue}>
            Continue
          </Button>
        </>
      )}
    </Stack>
  );
}
