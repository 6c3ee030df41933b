import { Alert, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { staffCreateMenuItem, staffSetMenuItemImage, staffUpdateMenuItem } from '@/api/endpoints/content-staff/content-staff';
import type { MenuItemRequest, StaffMenuItem } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';
import { PictureUpload } from '@/ui/console/PictureUpload';

/** What the dialog edits: an item, or a new one (under a parent, or at the top). */
export interface MenuItemTarget {
  item?: StaffMenuItem;
  parent?: StaffMenuItem;
}

interface Values {
  title: string;
  page_slug: string;
  link_url: string;
}
const FIELDS = ['title', 'page_slug', 'link_url'] as const;

/** Adds or edits a menu item: its title, where it leads, and its picture. */
export function MenuItemDialog({ menu, target, onClose }: { menu: 'main' | 'lgp'; target: MenuItemTarget; onClose: () => void }) {
  const titleId = useId();
  const { item, parent } = target;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: { title: item?.title ?? '', page_slug: item?.page_slug ?? '', link_url: item?.link_url ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    const body: MenuItemRequest = {
      title: values.title.trim(),
      page_slug: values.page_slug.trim() || null,
      link_url: values.link_url.trim() || null,
      parent_id: item ? (item.parent_id ?? null) : (parent?.id ?? null),
    };
    try {
      if (item) await staffUpdateMenuItem(item.id, body);
      else await staffCreateMenuItem(menu, body);
      toast('Saved.');
      await queryClient.invalidateQueries();
      onClose();
    } catch (error) {
      setBanner(applyServerErrors(error, FIELDS, form.setError));
    }
  });

  const heading = item ? `Edit “${item.title}”` : parent ? `Add under “${parent.title}”` : 'New menu item';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{heading}</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={(event) => void onSubmit(event)}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <FormTextField control={form.control} name="title" label="Title" required autoFocus fullWidth />
          <FormTextField control={form.control} name="page_slug" label="Page slug" helperText="A page of this site, e.g. about-us." fullWidth />
          <FormTextField control={form.control} name="link_url" label="Or an address" placeholder="https://" fullWidth />
          <DialogFormActions submitLabel="Save" onCancel={onClose} busy={form.formState.isSubmitting} />
        </Stack>
        {item && (
          <Stack sx={{ mt: 3 }}>
            <PictureUpload label="Picture" current={item.image} upload={(file) => staffSetMenuItemImage(item.id, { file })} />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
