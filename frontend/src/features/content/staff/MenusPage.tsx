import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { staffDeleteMenuItem, staffMoveMenuItem, useStaffGetMenu } from '@/api/endpoints/content-staff/content-staff';
import type { StaffMenuItem } from '@/api/model';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { StaffPage } from '@/ui/console/StaffPage';
import { useRun } from '@/ui/console/useRun';
import { MenuItemDialog } from './MenuItemDialog';

type Menu = 'main' | 'lgp';

/** /staff/menus: the header's menu and the prize pages' menu, with one level of sub-menus. */
export function MenusPage() {
  const [menu, setMenu] = useState<Menu>('main');
  const items = useStaffGetMenu(menu);
  const { run, busy } = useRun();
  const [editing, setEditing] = useState<{ itemId?: number; parentId?: number } | null>(null);
  const [deleting, setDeleting] = useState<StaffMenuItem | null>(null);

  const row = (item: StaffMenuItem, siblings: StaffMenuItem[], index: number, depth: number) => (
    <ListItem
      key={item.id}
      divider
      sx={{ pl: 2 + depth * 4 }}
      secondaryAction={
        <Stack direction="row">
          <IconButton aria-label={`Move ${item.title} up`} disabled={busy || index === 0} onClick={() => void run(() => staffMoveMenuItem(item.id, { up: true }), 'Moved.')}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={`Move ${item.title} down`}
            disabled={busy || index === siblings.length - 1}
            onClick={() => void run(() => staffMoveMenuItem(item.id, { up: false }), 'Moved.')}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton aria-label={`Edit ${item.title}`} onClick={() => setEditing({ itemId: item.id })}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton aria-label={`Delete ${item.title}`} onClick={() => setDeleting(item)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      <ListItemText
        primary={item.title}
        secondary={item.page_link ?? item.link_url ?? (item.sub_menus.length > 0 ? `${item.sub_menus.length} sub-menu item(s)` : 'No link')}
        sx={{ pr: 20 }}
      />
    </ListItem>
  );

  const body = () => {
    if (items.isPending) return <Loading />;
    if (items.isError) return <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
    const top = items.data.data;
    if (top.length === 0) return <EmptyState>This menu is empty.</EmptyState>;
    return (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', overflowX: 'auto' }}>
        <List disablePadding aria-label={`The ${menu} menu`} sx={{ minWidth: 520 }}>
          {top.flatMap((item, index) => [
            row(item, top, index, 0),
            ...item.sub_menus.map((sub, subIndex) => row(sub, item.sub_menus, subIndex, 1)),
            <ListItem key={`${item.id}-add`} divider sx={{ pl: 6 }}>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ parentId: item.id })}>
                Add under {item.title}
              </Button>
            </ListItem>,
          ])}
        </List>
      </Box>
    );
  };

  return (
    <StaffPage
      title="Menus"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
          New item
        </Button>
      }
    >
      <Tabs value={menu} onChange={(_, next: Menu) => setMenu(next)}>
        <Tab value="main" label="Main menu" />
        <Tab value="lgp" label="Prize pages menu" />
      </Tabs>
      <Typography color="text.secondary">
        Each item links to a page of the site (by slug) or to an address; top-level items may hold sub-menu items instead.
      </Typography>
      {body()}
      {editing && (
        <MenuItemDialog
          menu={menu}
          // Looked up on each render, so a new picture shows as soon as it is saved.
          target={{ item: findItem(items.data?.data, editing.itemId), parent: findItem(items.data?.data, editing.parentId) }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void run(() => staffDeleteMenuItem(deleting.id), 'Successfully deleted').then(() => setDeleting(null))}
      >
        {deleting && deleting.sub_menus.length > 0 ? 'Its sub-menu items go with it.' : 'This cannot be undone.'}
      </ConfirmDialog>
    </StaffPage>
  );
}

function findItem(items: StaffMenuItem[] | undefined, id: number | undefined): StaffMenuItem | undefined {
  if (id === undefined) return undefined;
  return (items ?? []).flatMap((item) => [item, ...item.sub_menus]).find((item) => item.id === id);
}
