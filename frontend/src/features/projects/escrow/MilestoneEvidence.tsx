import { Box, Link, Stack, Typography } from '@mui/material';
import type { EscrowMilestone } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { HashedFileList } from '@/ui/files/HashedFileList';
import { RichText } from '@/ui/RichText';
import { MILESTONE_REASON } from './labels';

/** What the owner reported of a milestone (its evidence, files and links) and what was
 * decided; files still waiting for the next report show in the report's form only. */
export function MilestoneEvidence({ milestone }: { milestone: EscrowMilestone }) {
  const { evidence, links, reported_at: reportedAt, reason } = milestone;
  const files = milestone.files.filter((file) => !file.waiting);
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
      {files.length > 0 && <HashedFileList files={files} label="Files" />}
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
