import { Typography } from '@mui/material';
import type { CertificateCheck } from '@/api/model';

const day = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' });

/** What a checked certificate says: who passed what, when, how well, until when, and the
 * CPD time it records. */
export function CertificateFacts({ certificate }: { certificate: CertificateCheck }) {
  return (
    <>
      <Typography>
        <strong>{certificate.holder_name}</strong> passed <strong>{certificate.quiz_name}</strong> on{' '}
        {day.format(new Date(certificate.issued_at))} with {certificate.percent}% correct answers.
      </Typography>
      {certificate.expires_at && (
        <Typography>
          {certificate.expired ? 'Expired on' : 'Valid until'} {day.format(new Date(certificate.expires_at))}.
        </Typography>
      )}
      {certificate.cpd_hours != null && <Typography>CPD: {certificate.cpd_hours} hours.</Typography>}
    </>
  );
}

/** The title of a check: genuine, or genuine but expired. */
export function checkTitle(certificate: CertificateCheck, genuine: string): string {
  return certificate.expired ? 'This certificate is genuine but has expired' : genuine;
}
