import { Alert, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getStaffExportFundingLedgerUrl, staffDecideFunding, useStaffFundingFile } from '@/api/endpoints/projects-staff/projects-staff';
import { downloadFile } from '@/lib/api-client';
import { useToast } from '@/ui/toast';
import { staffError } from '@/ui/console/staffError';
import { FundingVerdict, type FundingFile } from '@/api/model';
import { cad } from '@/lib/money';
import { dateTime } from '@/lib/dates';
import { pledgeStatusLabels } from '@/lib/labels';
import { ErrorState, Loading } from '@/ui/QueryState';
import { ReasonDialog } from '@/ui/console/ReasonDialog';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { LEDGER_ACCOUNT, LEDGER_KIND } from './labels';

/** /staff/funding/:id: one project's funding file — the project, its reviews, its pledges and
 * where each charge stands, its ledger and its owner's payout account — and a Content Expert's
 * decision on it. */
export function FundingFilePage() {
  const id = Number(useParams().id);
  // While the pledges are being charged (in the background), the file follows along.
  const file = useStaffFundingFile(id, {
    query: { refetchInterval: (query) => (query.state.data?.data.project.funding.is_charging ? 2_000 : false) },
  });
  const navigate = useNavigate();
  const { run, busy } = useRun();
  const [verdict, setVerdict] = useState<FundingVerdict | null>(null);
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(getStaffExportFundingLedgerUrl(id), `project-${id}-ledger.csv`);
    } catch (error) {
      toast(staffError(error), 'error', 'Error');
    } finally {
      setDownloading(false);
    }
  };

  if (file.isPending) return <Loading />;
  if (file.isError) return <ErrorState pageHeading error={file.error} onRetry={() => void file.refetch()} />;
  const data = file.data.data;
  const { project } = data;
  const approving = verdict === FundingVerdict.approve;

  return (
    <StaffPage
      title={project.title}
      actions={
        data.can_decide && [
          <Button key="approve" variant="contained" disabled={!data.payout_account_verified} onClick={() => setVerdict(FundingVerdict.approve)}>
            Approve funding
          </Button>,
          <Button key="reject" variant="outlined" color="error" onClick={() => setVerdict(FundingVerdict.reject)}>
            Do not approve
          </Button>,
        ]
      }
    >
      <Typography color="text.secondary">
        Owner: {project.owner?.name ?? 'unknown'} · Funding: {project.funding.state.replace('_', ' ')} ·{' '}
        <Link to={`/project/${project.slug}`}>Project page and discussion</Link>
      </Typography>
      {data.cannot_decide && <Alert severity="info">{data.cannot_decide}</Alert>}
      {data.can_decide && !data.payout_account_verified && (
        <Alert severity="warning">The owner has not verified a payout account yet: approval waits until they do.</Alert>
      )}
      <Summary file={data} />
      <Pledges file={data} />
      <Ledger file={data} />
      <Button variant="outlined" onClick={() => void exportCsv()} disabled={downloading} sx={{ alignSelf: 'flex-start' }}>
        Export ledger (CSV)
      </Button>
      {verdict && (
        <ReasonDialog
          open
          title={approving ? 'Approve this funding?' : 'Do not approve this funding?'}
          text={
            approving
              ? 'Every pledge is charged now, and the funds less the platform’s 9% fee are paid out to the owner’s institution.'
              : 'Every pledge is released: no one is charged. The owner and the backers read your reason.'
          }
          reasonLabel={approving ? 'Reason (optional)' : 'Reason'}
          confirmLabel={approving ? 'Approve funding' : 'Do not approve'}
          danger={!approving}
          busy={busy}
          onClose={() => setVerdict(null)}
          onConfirm={(reason) =>
            void run(
              () => staffDecideFunding(id, { verdict, reason: reason || null }),
              approving ? 'Funding approved: the pledges are being charged.' : 'Funding not approved: every pledge is released.',
            ).then((ok) => {
              if (!ok) return;
              setVerdict(null);
              if (!approving) void navigate('/staff/funding');
            })
          }
        />
      )}
    </StaffPage>
  );
}

function Summary({ file }: { file: FundingFile }) {
  const { totals, reviews, project } = file;
  const figures: [string, string][] = [
    ['Goal', (project.funding_goal_cents === null || project.funding_goal_cents === undefined ? '—' : cad(project.funding_goal_cents))],
    ['Pledged', `${cad(totals.pledged_cents)} by ${project.funding.backers} backer(s)`],
    ['Collected', cad(totals.collected_cents)],
    ['Platform fee', cad(totals.fees_cents)],
    ['Paid out', cad(totals.paid_out_cents)],
  ];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Funding
          </Typography>
          {figures.map(([label, value]) => (
            <Typography key={label}>
              {label}: <strong>{value}</strong>
            </Typography>
          ))}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Books
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Each entry moves its amount from one account to another, so the balances sum to zero.
          </Typography>
          {file.accounts.length === 0 ? (
            <Typography>Nothing has moved yet.</Typography>
          ) : (
            <Table size="small" aria-label="Accounts">
              <TableBody>
                {file.accounts.map(({ account, balance_cents }) => (
                  <TableRow key={account}>
                    <TableCell sx={{ pl: 0 }}>{LEDGER_ACCOUNT[account]}</TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {cad(balance_cents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Dynamic Review ({reviews.count})
          </Typography>
          {reviews.criteria.map((c) => (
            <Typography key={c.criterion}>
              {c.label}: <strong>{c.average ?? '—'}</strong>
            </Typography>
          ))}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** Every pledge and where its charge stands: a failed one with its reason and deadline. */
function Pledges({ file }: { file: FundingFile }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Pledges
      </Typography>
      {file.pledges.length === 0 ? (
        <Typography color="text.secondary">No pledges yet.</Typography>
      ) : (
        <TableContainer component={Card} variant="outlined">
          <Table size="small" aria-label="Pledges">
            <TableHead>
              <TableRow>
                <TableCell>Pledge</TableCell>
                <TableCell>Backer</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Card</TableCell>
                <TableCell>Charge failed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {file.pledges.map((pledge) => {
                const status = pledgeStatusLabels[pledge.status];
                return (
                  <TableRow key={pledge.id}>
                    <TableCell>{pledge.id}</TableCell>
                    <TableCell>{pledge.backer?.name ?? 'unknown'}</TableCell>
                    <TableCell align="right">{cad(pledge.amount_cents)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={status.label} color={status.color} />
                    </TableCell>
                    <TableCell>{pledge.card_last4 ? `${pledge.card_brand ?? 'card'} ending ${pledge.card_last4}` : '—'}</TableCell>
                    <TableCell>
                      {pledge.failure_code
                        ? `${pledge.failure_code.replaceAll('_', ' ')}${pledge.update_card_by ? ` · new card by ${dateTime(pledge.update_card_by)}` : ''}${
                            pledge.charge_attempt > 0 ? ` · ${pledge.charge_attempt} new card(s) tried` : ''
                          }`
                        : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function Ledger({ file }: { file: FundingFile }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Ledger
      </Typography>
      <TableContainer component={Card} variant="outlined">
        <Table size="small" aria-label="Ledger">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Entry</TableCell>
              <TableCell>Pledge</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Processor reference</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {file.ledger.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{dateTime(entry.created_at)}</TableCell>
                <TableCell>{LEDGER_KIND[entry.kind]}</TableCell>
                <TableCell>{entry.pledge_id ?? '—'}</TableCell>
                <TableCell align="right">{cad(entry.amount_cents)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{entry.provider_ref ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
