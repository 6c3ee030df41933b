import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useCompareProtocolVersions } from '@/api/endpoints/projects/projects';
import type { DiffChange, DiffRow } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';

type Mark = 'error' | 'success';

/** How each side of a row is marked: what left the earlier version, what the later one added. */
const SIDE_COLOURS: Record<DiffChange, { before?: Mark; after?: Mark }> = {
  same: {},
  added: { after: 'success' },
  removed: { before: 'error' },
  changed: { before: 'error', after: 'success' },
};

const CHANGE_WORDS: Record<DiffChange, string> = {
  same: 'Unchanged',
  added: 'Added',
  removed: 'Removed',
  changed: 'Rewritten',
};

/** Two versions side by side: the earlier on the left, the later on the right (stacked on a
 * phone), paragraph by paragraph, then the files. */
export function ProtocolComparison({ slug, versions }: { slug: string; versions: number[] }) {
  const newest = Math.max(...versions);
  const [to, setTo] = useState(newest);
  const [from, setFrom] = useState(newest - 1);
  const valid = from < to;
  const diff = useCompareProtocolVersions(slug, { from, to }, { query: { enabled: valid } });
  const pick = (label: string, value: number, set: (n: number) => void) => (
    <TextField select label={label} value={value} onChange={(event) => set(Number(event.target.value))} sx={{ minWidth: 160 }}>
      {[...versions].sort((a, b) => a - b).map((v) => (
        <MenuItem key={v} value={v}>
          Version {v}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="section" aria-labelledby="protocol-compare">
      <Typography variant="h5" component="h2" id="protocol-compare" sx={{ mb: 1.5 }}>
        Compare versions
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {pick('Earlier', from, setFrom)}
        {pick('Later', to, setTo)}
      </Stack>
      {!valid ? (
        <Alert severity="info">Compare an earlier version with a later one.</Alert>
      ) : diff.error ? (
        <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />
      ) : !diff.data ? (
        <Loading label="Comparing" />
      ) : (
        <>
          {diff.data.data.reason && (
            <Alert severity="info" sx={{ mb: 2 }}>
              <strong>Why version {diff.data.data.to} was amended:</strong> {diff.data.data.reason}
            </Alert>
          )}
          <Box role="table" aria-label={`Version ${diff.data.data.from} beside version ${diff.data.data.to}`}>
            <Box role="row" sx={{ display: { xs: 'none', sm: 'grid' }, gridTemplateColumns: '1fr 1fr', gap: 2, mb: 1 }}>
              <Typography role="columnheader" variant="subtitle2">
                Version {diff.data.data.from}
              </Typography>
              <Typography role="columnheader" variant="subtitle2">
                Version {diff.data.data.to}
              </Typography>
            </Box>
            {diff.data.data.rows.map((row, index) => (
              <Row key={index} row={row} />
            ))}
          </Box>
          {diff.data.data.files.some((f) => f.change !== 'same') && (
            <Stack component="ul" spacing={0.5} sx={{ mt: 2, pl: 2 }} aria-label="Files changed">
              {diff.data.data.files
                .filter((f) => f.change !== 'same')
                .map((f) => (
                  <Typography component="li" key={`${f.change}-${f.sha256}-${f.filename}`} color={f.change === 'added' ? 'success.main' : 'error.main'}>
                    {CHANGE_WORDS[f.change]}: {f.filename}
                  </Typography>
                ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}

function Row({ row }: { row: DiffRow }) {
  const colours = SIDE_COLOURS[row.change];
  // A tint and a bar of the mark's colour: the text keeps the theme's own contrast.
  const side = (text: string | null | undefined, colour: Mark | undefined, label: string) => (
    <Box
      role="cell"
      aria-label={text ? `${label}: ${CHANGE_WORDS[row.change]}` : undefined}
      sx={{
        p: 1,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: colour ? `${colour}.main` : 'transparent',
        bgcolor: (theme) => (colour ? alpha(theme.palette[colour].main, 0.12) : undefined),
        textDecoration: colour === 'error' ? 'line-through' : undefined,
        minHeight: { sm: '1.5em' },
        // A phone stacks the sides: an empty side, or an unchanged paragraph's second copy, is left out.
        display: { xs: text && !(row.change === 'same' && label === 'Later') ? 'block' : 'none', sm: 'block' },
      }}
    >
      {text}
    </Box>
  );
  return (
    <Box role="row" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: { xs: 0.5, sm: 2 }, mb: 1 }}>
      {side(row.before, colours.before, 'Earlier')}
      {side(row.after, colours.after, 'Later')}
    </Box>
  );
}
