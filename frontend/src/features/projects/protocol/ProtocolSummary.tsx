import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ProjectPage } from '@/api/model';
import { dateTime } from '@/lib/dates';

/** The project page's protocol line: its latest registration and where to read and check
 * every version; for the owner, where to register or amend it. */
export function ProtocolSummary({ project, ownsIt }: { project: ProjectPage; ownsIt: boolean }) {
  const { protocol } = project;
  if (!protocol && !ownsIt) return null;
  return (
    <Box component="section" aria-labelledby="protocol" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" id="protocol">
        Protocol
      </Typography>
      {protocol ? (
        <Typography>
          Version {protocol.version}, registered {dateTime(protocol.registered_at)} · SHA-256{' '}
          <code title={protocol.content_hash}>{protocol.content_hash.slice(0, 12)}…</code>
        </Typography>
      ) : (
        <Typography color="text.secondary">Not registered yet.</Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {protocol && (
          <Button component={RouterLink} to={`/project/${project.slug}/protocol`} variant="outlined">
            Read and check the protocol
          </Button>
        )}
        {ownsIt && (
          <Button component={RouterLink} to={`/my-projects/${project.id}/protocol`}>
            {protocol ? 'Amend the protocol' : 'Register the protocol'}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
