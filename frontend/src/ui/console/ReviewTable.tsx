import { alpha, Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RichText } from '@/ui/RichText';
import { ScrollRegion } from '@/ui/ScrollRegion';
import type { ReviewRow } from './reviewRows';

/**
 * The side-by-side review: each field's current value beside the proposed one, changed
 * rows highlighted; with `comparing` off, one column of what was submitted.
 */
export function ReviewTable({ rows, comparing, subject }: { rows: ReviewRow[]; comparing: boolean; subject: string }) {
  const name = comparing ? 'Current and proposed versions' : `The ${subject} as submitted`;
  return (
    <ScrollRegion label={name}>
      <Table size="small" aria-label={name} sx={{ minWidth: comparing ? 640 : 0 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: { xs: 110, sm: 180 } }}>Field</TableCell>
            <TableCell>{comparing ? 'Current' : 'Submitted'}</TableCell>
            {comparing && <TableCell>Proposed</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label} sx={comparing && row.changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14) } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top' }}>
                {row.label}
                {comparing && row.changed && <Chip size="small" label="changed" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Value value={row.current} html={row.html} />
              </TableCell>
              {comparing && (
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Value value={row.proposed} html={row.html} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Value({ value, html }: { value: string; html?: boolean }) {
  if (!value) return <Typography variant="body2" color="text.secondary">—</Typography>;
  if (html) return <RichText html={value} sx={{ typography: 'body2', '& p:first-of-type': { mt: 0 } }} />;
  if (value.startsWith('/') || value.startsWith('http')) {
    return /\.(png|jpe?g|gif|webp)$/i.test(value) || value.includes('/media/') ? (
      <Box component="img" src={value} alt="" sx={{ maxWidth: 240, borderRadius: 1 }} />
    ) : (
      <a href={value} target="_blank" rel="noreferrer">
        {value}
      </a>
    );
  }
  return <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{value}</Typography>;
}
