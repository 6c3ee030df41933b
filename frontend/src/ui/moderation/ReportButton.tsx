import FlagIcon from '@mui/icons-material/OutlinedFlag';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { ReportSubject } from '@/api/model';
import { useAuth } from '@/lib/auth';

// The form loads when someone reports, not with every post.
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

interface Props {
  subjectType: ReportSubject;
  subjectId: number;
  /** What it is, for the button's name: "this reply". */
  what: string;
}

/** "Report" on something a member may report (shown to signed-in members only). */
export function ReportButton({ subjectType, subjectId, what }: Props) {
  const { isSignedIn } = useAuth();
  const [open, setOpen] = useState(false);
  if (!isSignedIn) return null;
  return (
    <>
      <Button size="small" color="inherit" startIcon={<FlagIcon />} aria-label={`Report ${what}`} onClick={() => setOpen(true)}>
        Report
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog subjectType={subjectType} subjectId={subjectId} what={what} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
