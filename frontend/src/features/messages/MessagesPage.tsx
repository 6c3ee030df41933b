import EditIcon from '@mui/icons-material/EditOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState } from '@/ui/QueryState';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';

// The forms load when opened.
const NewConversationDialog = lazy(() => import('./NewConversationDialog'));
const MessageSettingsDialog = lazy(() => import('./MessageSettingsDialog'));

/**
 * /messages and /messages/:id (issue 49 §6): the member's conversations beside the open one
 * (on a phone, one or the other), a new message (to someone from their profile: ?to=id),
 * and who may write to them.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const { id } = useParams();
  const current = id === undefined ? undefined : Number(id);
  const [search, setSearch] = useSearchParams();
  const to = Number(search.get('to')) || undefined;
  const [starting, setStarting] = useState(to !== undefined);
  const [settings, setSettings] = useState(false);
  const closeNew = () => {
    setStarting(false);
    if (to !== undefined) setSearch({}, { replace: true });
  };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1">
          Messages
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<SettingsIcon />} onClick={() => setSettings(true)}>
            Settings
          </Button>
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setStarting(true)}>
            New message
          </Button>
        </Stack>
      </Stack>
      <Paper
        variant="outlined"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, minHeight: { md: 520 }, overflow: 'hidden' }}
      >
        <Box
          component="nav"
          aria-label="Conversations"
          sx={{ display: { xs: current === undefined ? 'block' : 'none', md: 'block' }, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}
        >
          <ConversationList current={current} />
        </Box>
        <Box sx={{ display: { xs: current === undefined ? 'none' : 'flex', md: 'flex' }, flexDirection: 'column', minWidth: 0 }}>
          {current === undefined ? (
            <EmptyState>Choose a conversation, or write a new message.</EmptyState>
          ) : (
            <ConversationView key={current} id={current} />
          )}
        </Box>
      </Paper>
      <Suspense fallback={null}>
        {starting && <NewConversationDialog to={to} onClose={closeNew} />}
        {settings && <MessageSettingsDialog onClose={() => setSettings(false)} />}
      </Suspense>
    </Container>
  );
}
