import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { ProtocolVersion } from '@/api/model';
import { checkRegistration, type RegistrationCheck } from './check';

/** The registration's hash and the reader's own check of it, done in their browser: the
 * document against the hash, the hash against its audit entry, the entry against its link. */
export function ProtocolCheck({ version }: { version: ProtocolVersion }) {
  const [result, setResult] = useState<RegistrationCheck | 'unavailable' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(globalThis.crypto?.subtle ? await checkRegistration(version) : 'unavailable');
    } catch {
      setResult('failed');
    } finally {
      setBusy(false);
    }
  };
  const entry = version.audit;
  const download = entry
    ? `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify({ data: [entry] }, null, 2))}`
    : null;
  return (
    <Box component="section" aria-labelledby="protocol-check" sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="h6" component="h2" id="protocol-check">
        Check this registration
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The text, the reason and every file&apos;s hash were hashed when registered, and the hash was written into the audit chain.
      </Typography>
      <Typography variant="body2">
        SHA-256 <code style={{ wordBreak: 'break-all' }}>{version.content_hash}</code>
      </Typography>
      {entry && (
        <Typography variant="body2">
          Audit chain entry {entry.seq} · link <code style={{ wordBreak: 'break-all' }}>{entry.hash}</code>
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        <Button variant="contained" onClick={() => void run()} disabled={busy}>
          Check in my browser
        </Button>
        {download && (
          <Button href={download} download={`protocol-v${version.version}-audit-entry.json`}>
            Download the audit entry
          </Button>
        )}
      </Stack>
      {result === 'unavailable' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          This browser cannot compute hashes on this page (it needs a secure https address).
        </Alert>
      )}
      {result === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          The check could not run in this browser. Try again.
        </Alert>
      )}
      {typeof result === 'object' && result !== null && <CheckResult result={result} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        To check the entry against the whole chain and its published daily heads, run <code>cohort audit verify --segment</code> on the downloaded entry.
      </Typography>
    </Box>
  );
}

function CheckResult({ result }: { result: RegistrationCheck }) {
  const steps: [boolean, string, string][] = [
    [result.document, 'The registered text, reason and files hash to this value.', 'The registered text does not hash to this value.'],
    [result.recorded, `Audit chain entry ${result.seq} records this hash.`, 'No audit chain entry records this hash.'],
    [result.sealed, 'The audit entry matches its link in the chain.', 'The audit entry does not match its link in the chain.'],
  ];
  const ok = steps.every(([passed]) => passed);
  return (
    <Alert severity={ok ? 'success' : 'error'} sx={{ mt: 1.5 }} role="status">
      <Stack component="ul" sx={{ m: 0, pl: 2 }}>
        {steps.map(([passed, yes, no]) => (
          <li key={yes}>{passed ? yes : no}</li>
        ))}
      </Stack>
    </Alert>
  );
}
