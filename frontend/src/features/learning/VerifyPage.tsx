import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, AlertTitle, Container, Divider, Stack, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { useVerifyCertificate } from '@/api/endpoints/learning/learning';
import { errorMessage } from '@/lib/api-error';
import { usePageTitle } from '@/ui/page-title';
import { Loading } from '@/ui/QueryState';
import { CertificateFacts, checkTitle } from './CertificateFacts';
import { CredentialCheck } from './CredentialCheck';

/** /certificates/verify/{code}: anyone can check that a certificate is genuine, by its code
 * or, on /certificates/verify, by the signature of its credential file. */
export function VerifyPage() {
  const { code } = useParams();
  usePageTitle('Verify a certificate');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Verify a certificate
      </Typography>
      {code && <CodeCheck code={code} />}
      {code && <Divider sx={{ my: 4 }} />}
      <CredentialCheck />
    </Container>
  );
}

function CodeCheck({ code }: { code: string }) {
  const check = useVerifyCertificate(code);
  const data = check.data?.data;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Code {code.toUpperCase()}
      </Typography>
      {check.isPending && <Loading />}
      {check.isError && <Alert severity="error">{errorMessage(check.error)}</Alert>}
      {data && (
        <Alert severity={data.expired ? 'warning' : 'success'} icon={<VerifiedIcon />} role="status">
          <AlertTitle>{checkTitle(data, 'This certificate is genuine')}</AlertTitle>
          <Stack spacing={0.5}>
            <CertificateFacts certificate={data} />
          </Stack>
        </Alert>
      )}
    </>
  );
}
