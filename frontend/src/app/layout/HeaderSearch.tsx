import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

/**
 * The header's search box: Enter opens the results page. On a phone, where the header
 * has no room for a box, a magnifier opens the page with its own box. Both are named "Find
 * on Cohort", so a list's own "Search" box stays the only one by that name on its page.
 * `compact` (a member's header, which also holds their own links) is narrower beside the
 * site's menu.
 */
export function HeaderSearch({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void navigate(`/search?${new URLSearchParams({ q: text.trim() }).toString()}`);
    setText('');
  };
  return (
    <>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{
          display: { xs: 'none', md: 'flex' },
          alignItems: 'center',
          gap: 0.5,
          px: 1.5,
          height: 40,
          width: compact ? { md: 180, lg: 120 } : { md: 180, lg: 240 },
          borderRadius: 5,
          bgcolor: 'action.hover',
          '&:focus-within': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <SearchIcon fontSize="small" color="action" aria-hidden />
        <Box
          component="input"
          type="search"
          name="q"
          aria-label="Find on Cohort"
          placeholder="Search"
          maxLength={200}
          value={text}
          onChange={(event) => setText((event.target as HTMLInputElement).value)}
          sx={{ flex: 1, minWidth: 0, border: 0, outline: 0, bgcolor: 'transparent', font: 'inherit', color: 'text.primary' }}
        />
      </Box>
      <IconButton component={RouterLink} to="/search" aria-label="Find on Cohort" sx={{ display: { md: 'none' } }}>
        <SearchIcon />
      </IconButton>
    </>
  );
}
