import { Button, InputAdornment } from '@mui/material';
import { useState } from 'react';

/**
 * A password field's Show/Hide switch, so a member can check what they typed. Its name is
 * its visible word, not "Show password": the field stays the only thing on the page
 * labelled "Password".
 */
export function useReveal() {
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <Button size="small" onClick={() => setShown((now) => !now)} sx={{ minWidth: 0 }}>
          {shown ? 'Hide' : 'Show'}
        </Button>
      </InputAdornment>
    ),
  };
}
