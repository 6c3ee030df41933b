import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useVerifyCredential } from '@/api/endpoints/learning/learning';
import type { CredentialCheck as Check } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { CertificateFacts } from './CertificateFacts';

export const NOT_JSON = 'This file is not a credential: choose the .json file downloaded from Cohort.';

/** Checks a credential file: its signature against the key the site publishes, then the
 * certificate it names. The file is read in the browser and sent as it is. */
export function CredentialCheck() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const verify = useVerifyCredential();
  const [result, setResult] = useState<Check | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = async (file: File) => {
    setResult(null);
    setProblem(null);
    let credential: unknown;
    try {
      credential = JSON.parse(await file.text());
    } catch {
      setProblem(NOT_JSON);
      return;
    }
    try {
      const { data } = await verify.mutateAsync({ data: credential as Record<string, unknown> });
      setResult(data);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Box component="section" aria-labelledby={`${inputId}-heading`}>
      <Typography variant="h5" component="h2" id={`${inputId}-heading`} gutterBottom>
        Check a credential file
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A Cohort certificate also comes as a verifiable credential (Open Badges 3.0), signed with the key this site
        publishes at /.well-known/did.json. Choose the file to check its signature.
      </Typography>
      <input
        ref={input}
        hidden
        type="file"
        accept=".json,application/json,application/ld+json"
        aria-label="Credential file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void check(file);
        }}
      />
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={verify.isPending} onClick={() => input.current?.click()}>
        Choose a credential file
      </Button>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {problem && (
          <Alert severity="error" role="alert">
            <AlertTitle>This credential is not genuine</AlertTitle>
            {problem}
          </Alert>
        )}
        {result && (
          <Alert severity={result.certificate.expired ? 'warning' : 'success'} icon={<VerifiedIcon />} role="status">
            <AlertTitle>
              {result.certificate.expired ? 'The signature is valid, but the certificate has expired' : 'The signature is valid'}
            </AlertTitle>
            <CertificateFacts certificate={result.certificate} />
            <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
              Signed by {result.issuer} with the key {result.verification_method}.
            </Typography>
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
