import { Button, Chip, Stack, Tab, Tabs } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { staffReviewAffiliation, useStaffListAffiliations } from '@/api/endpoints/auth-staff/auth-staff';
import type { AffiliationForReview, StaffListAffiliationsParams } from '@/api/model';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { gridQuery, ServerGrid } from '@/ui/console/ServerGrid';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { useUrlChoice, useUrlPage } from '@/lib/useUrlState';
import { dateColumn } from '@/ui/console/dateColumn';

// The statuses the contract lets the list ask for.
const QUEUES = ['pending', 'approved', 'rejected'] as const satisfies readonly NonNullable<StaffListAffiliationsParams['status']>[];
type Queue = (typeof QUEUES)[number];

const EMPTY: Record<Queue, string> = {
  pending: 'No affiliation is waiting for approval.',
  approved: 'No affiliation has been approved yet.',
  rejected: 'No affiliation has been turned down.',
};

/**
 * /staff/affiliations: members' university affiliations with the confirmed university
 * e-mail and profile page; approve, or turn down with a reason the member is sent.
 */
export function AffiliationsPage() {
  const [queue, setQueue] = useUrlChoice('status', QUEUES, 'pending');
  const [page, setPage] = useUrlPage();
  const list = useStaffListAffiliations({ status: queue, page });
  const { run, busy } = useRun();
  const [deciding, setDeciding] = useState<{ member: AffiliationForReview; approve: boolean } | null>(null);

  const columns: GridColDef<AffiliationForReview>[] = [
    { field: 'name', headerName: 'Member', flex: 1, minWidth: 150 },
    { field: 'affiliation', headerName: 'Affiliation', flex: 1, minWidth: 160 },
    {
      field: 'university_affiliate_email',
      headerName: 'University e-mail',
      flex: 1,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.university_affiliate_email ?? '—'}</span>
          {row.university_email_confirmed && <Chip size="small" color="success" label="confirmed" />}
        </Stack>
      ),
    },
    {
      field: 'university_profile_page_url',
      headerName: 'Profile page',
      minWidth: 130,
      renderCell: ({ row }) =>
        row.university_profile_page_url ? (
          <a href={row.university_profile_page_url} target="_blank" rel="noreferrer">
            Open
          </a>
        ) : (
          '—'
        ),
    },
    dateColumn('date_joined', 'Joined'),
    {
      field: 'actions',
      headerName: 'Decision',
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          {queue !== 'approved' && (
            <Button size="small" variant="contained" onClick={() => setDeciding({ member: row, approve: true })}>
              Approve
            </Button>
          )}
          {queue !== 'rejected' && (
            <Button size="small" color="error" onClick={() => setDeciding({ member: row, approve: false })}>
              {queue === 'approved' ? 'Revoke' : 'Reject'}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <StaffPage title="Affiliations">
      <Tabs
        value={queue}
        onChange={(_, next: Queue) => setQueue(next)}
        variant="scrollable"
      >
        <Tab value="pending" label="Waiting" />
        <Tab value="approved" label="Approved" />
        <Tab value="rejected" label="Turned down" />
      </Tabs>
      <ServerGrid
        label="Affiliations"
        {...gridQuery(list)}
        columns={columns}
        page={page}
        onPage={setPage}
        empty={EMPTY[queue]}
      />
      {deciding && (
        <ReasonDialog
          open
          title={deciding.approve ? `Approve ${deciding.member.name}'s affiliation?` : `Turn down ${deciding.member.name}'s affiliation?`}
          text={
            deciding.approve
              ? `${deciding.member.affiliation ?? 'The affiliation'} shows as approved on their profile; they are told.`
              : 'They are told, with your reason, and can change their affiliation and ask again.'
          }
          confirmLabel={deciding.approve ? 'Approve' : 'Turn down'}
          danger={!deciding.approve}
          busy={busy}
          onClose={() => setDeciding(null)}
          onConfirm={(reason) =>
            void run(
              () =>
                staffReviewAffiliation(deciding.member.id, {
                  affiliation_status: deciding.approve ? 'approved' : 'not_approved',
                  reason: reason || null,
                }),
              deciding.approve ? 'Affiliation approved.' : 'Affiliation turned down.',
            ).then((ok) => ok && setDeciding(null))
          }
        />
      )}
    </StaffPage>
  );
}
