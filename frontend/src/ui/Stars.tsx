import { Box } from '@mui/material';

/** MUI's star (the Rating's icon), five in a row 24 units apart. */
const STAR = 'M12 17.27L18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
/** The filled stars' colour: MUI's Rating's. */
const FILLED = '#faaf00';
const ROW = [0, 1, 2, 3, 4].map((i) => <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />);

/** One row of the five stars, in the text's colour. */
function Row() {
  return (
    <Box component="svg" viewBox="0 0 120 24" focusable="false" aria-hidden sx={{ display: 'block', width: '5.625rem', height: '1.125rem', fill: 'currentColor' }}>
      {ROW}
    </Box>
  );
}

/**
 * A score out of five shown as stars, read only (to tenths): the filled row is clipped to the
 * score over the empty one. MUI's read-only `Rating` draws two icons for every step of its
 * precision, 100 for a score to tenths: the project page carried 277 of them (70 KB of its
 * HTML, and as many components to take over). `label` names it for screen readers; without
 * one it is decoration beside a text that says the score.
 */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = `${(Math.min(5, Math.max(0, value)) / 5) * 100}%`;
  return (
    <Box
      component="span"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{ position: 'relative', display: 'inline-block', verticalAlign: 'middle', color: 'action.disabled' }}
    >
      <Row />
      <Box component="span" sx={{ position: 'absolute', top: 0, left: 0, bottom: 0, overflow: 'hidden', color: FILLED }} style={{ width: filled }}>
        <Row />
      </Box>
    </Box>
  );
}
