import { Alert, Box, Button, Chip, Container, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useGetProjectProtocol } from '@/api/endpoints/projects/projects';
import type { ProtocolVersion } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { dateTime } from '@/lib/dates';
import { usePageTitle } from '@/ui/page-title';
import { NotFoundPage } from '@/ui/NotFoundPage';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';
import { ProtocolCheck } from './ProtocolCheck';
import { ProtocolComparison } from './ProtocolComparison';
import { ProtocolFiles } from './ProtocolFiles';

/** /project/{slug}/protocol: every registered version of a project's protocol, one at a
 * time (`?version=`), how to check it, and how two versions differ. */
export function ProtocolPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const found = useGetProjectProtocol(slug);
  const protocol = found.data?.data;
  usePageTitle(protocol ? `Protocol: ${protocol.title}` : 'Protocol');
  if (found.error instanceof ApiError && found.error.status === 404) return <NotFoundPage />;
  if (found.error) return <ErrorState pageHeading error={found.error} onRetry={() => void found.refetch()} />;
  if (!protocol) return <Loading />;
  const asked = Number(params.get('version'));
  const shown = protocol.versions.find((v) => v.version === asked) ?? protocol.versions[0];
  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 3, md: 6 } }}>
      <Link component={RouterLink} to={`/project/${protocol.slug}`} underline="hover">
        ← {protocol.title}
      </Link>
      <Typography variant="h3" component="h1" sx={{ mt: 1, mb: 2 }}>
        Registered protocol
      </Typography>
      {!shown ? (
        <EmptyState>The protocol is not registered yet.</EmptyState>
      ) : (
        <Stack spacing={3}>
          {protocol.versions.length > 1 && (
            <TextField
              select
              label="Version"
              value={shown.version}
              onChange={(event) => setParams({ version: event.target.value }, { replace: true })}
              sx={{ maxWidth: 360 }}
            >
              {protocol.versions.map((v) => (
                <MenuItem key={v.version} value={v.version}>
                  Version {v.version} · {dateTime(v.registered_at)}
                  {v.version === protocol.versions[0]?.version ? ' (current)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Version version={shown} slug={protocol.slug} isPublic={protocol.is_public} />
          <ProtocolCheck key={shown.version} version={shown} />
          {protocol.versions.length > 1 && <ProtocolComparison slug={protocol.slug} versions={protocol.versions.map((v) => v.version)} />}
        </Stack>
      )}
    </Container>
  );
}

/** One version as registered: when, why, its text and its files. */
function Version({ version, slug, isPublic }: { version: ProtocolVersion; slug: string; isPublic: boolean }) {
  const base = `/api/projects/${slug}/protocol/versions/${version.version}`;
  return (
    <Box component="section" aria-labelledby="protocol-version">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h2" id="protocol-version">
          Version {version.version}
        </Typography>
        <Chip size="small" label={`Registered ${dateTime(version.registered_at)}`} />
      </Stack>
      {version.reason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <strong>Why it was amended:</strong> {version.reason}
        </Alert>
      )}
      <RichText html={version.body} />
      <ProtocolFiles files={version.files} />
      {isPublic && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" href={`${base}/record.pdf`} download>
            PDF record
          </Button>
          <Button variant="outlined" href={`${base}/datacite.xml`} download>
            DataCite XML
          </Button>
        </Stack>
      )}
    </Box>
  );
}
