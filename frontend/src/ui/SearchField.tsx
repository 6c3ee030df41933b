import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

interface Props {
  value: string;
  onChange: (next: string) => void;
  label?: string;
  /** Small in the staff console's dense lists. */
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
  /** The screen is for searching: the box takes the keyboard when it opens. */
  autoFocus?: boolean;
}

/** The search box above a list, with its magnifier. */
export function SearchField({ value, onChange, label = 'Search', size = 'medium', sx, fullWidth, autoFocus }: Props) {
  return (
    <TextField
      size={size}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      fullWidth={fullWidth}
      autoFocus={autoFocus}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize={size === 'small' ? 'small' : 'medium'} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
