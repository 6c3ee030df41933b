import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Section } from './Section';

/** Account deletion is not self-service (spec §6): the user is sent to support. */
export function DeleteAccountSection() {
  return (
    <Section title="Delete account">
      <Typography color="text.secondary">
        Deleting an account also affects the working groups and discussions you take part in, so our support team
        handles it with you. Contact support to delete your account.
      </Typography>
      <Button component={RouterLink} to="/contact-us" color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        Contact support
      </Button>
    </Section>
  );
}
