import { Box, Chip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

/** ORCID's green "iD" mark, drawn in CSS (no image to fetch). */
export function OrcidIcon() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 20,
        height: 20,
        borderRadius: '50%',
        bgcolor: '#A6CE39',
        color: '#1b1b1b',
        fontSize: 11,
        fontWeight: 700,
        lineHeight: 1,
      }}
    >
      iD
    </Box>
  );
}

/** A verified ORCID iD, linking to the researcher's record. */
export function OrcidBadge({ id }: { id: string }) {
  return (
    <Chip
      icon={<OrcidIcon />}
      // Named by its content (what is seen, and what is not): an aria-label differing from
      // the visible iD failed WCAG 2.5.3 (label in name).
      label={
        <>
          <Box component="span" sx={visuallyHidden}>
            ORCID iD{' '}
          </Box>
          {id}
          <Box component="span" sx={visuallyHidden}>
            {' '}verified
          </Box>
        </>
      }
      variant="outlined"
      component="a"
      href={`https://orcid.org/${id}`}
      target="_blank"
      rel="noopener noreferrer"
      clickable
      sx={{ alignSelf: 'flex-start', '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}
