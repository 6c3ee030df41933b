import { Alert, AlertTitle, Box, Button } from '@mui/material';

/** The terms' comment and review guidelines, read before a first review. */
export function Guidelines({ guidelines, onAgree }: { guidelines: string[]; onAgree: () => void }) {
  return (
    <Alert severity="info" icon={false}>
      <AlertTitle component="h3">Before you review</AlertTitle>
      Reviews on Cohort follow the comment and review guidelines of our terms:
      <Box component="ol" sx={{ pl: 3, my: 1 }}>
        {guidelines.map((guideline) => (
          <li key={guideline}>{guideline}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onAgree}>
        I agree, write a review
      </Button>
    </Alert>
  );
}
