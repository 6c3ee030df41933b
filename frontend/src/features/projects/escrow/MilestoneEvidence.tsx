import { Box, Link, Stack, Typography } from '@mui/material';
import type { EscrowMilestone } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { RichText } from '@/ui/RichText';
import { MILESTONE_REASON } from './labels';

/** What the owner reported of a milestone (its evidence and links) and what was decided. */
export function MilestoneEvidence({ milestone }: { milestone: EscrowMilestone }) {
  const { evidence, links, reported_at: reportedAt, reason } = milestone;
  return (
    <Stack spacing={1}>
      {evidence && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            Evidence{reportedAt ? `, reported ${dateTime(reportedAt)}` : ''}
          </Typography>
          <RichText html={evidence} />
        </Box>
      )}
      {links.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Links">
          {links.map((link) => (
            <li key={link}>
              <Link href={link} rel="noopener noreferrer" target="_blank" sx={{ overflowWrap: 'anywhere' }}>
                {link}
              </Link>
            </li>
          ))}
        </Box>
      )}
      {reason && (
        <Typography variant="body2" sx={{ color: MILESTONE_REASON[milestone.state].color }}>
          {MILESTONE_REASON[milestone.state].prefix}
          {reason}
        </Typography>
      )}
    </Stack>
  );
}
