import { z, zodResolver } from '@/lib/zod';
import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useChangeGroupMemberRole } from '@/api/endpoints/groups/groups';
import type { Member } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { DialogFormActions } from '@/ui/form/DialogFormActions';
import { FormSelect } from '@/ui/form/FormSelect';
import { useToast } from '@/ui/toast';
import { ASSIGNABLE_ROLES, assignableRole, becomesText, roleLabels } from './roles';
import { useRefreshGroup } from './useRefreshGroup';
import { FIELD_REQUIRED as REQUIRED } from '@/lib/field-texts';

const schema = z.object({ role: z.enum(ASSIGNABLE_ROLES, { error: REQUIRED }) });
type Values = z.infer<typeof schema>;
const options = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: roleLabels[role] }));

/** The owner makes a member a moderator, or a moderator a member (spec 2 §5 Role change). */
export function RoleDialog({ slug, member, onClose }: { slug: string; member: Member; onClose: () => void }) {
  const change = useChangeGroupMemberRole();
  const toast = useToast();
  const refresh = useRefreshGroup(slug);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { role: assignableRole[member.role] },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await change.mutateAsync({ slug, memberId: member.id, data: { role: values.role } });
      toast(`${member.name} is now ${becomesText[values.role]}.`, 'success', 'Success');
      await refresh();
      onClose();
    } catch (error) {
      setBanner(applyServerErrors(error, ['role'], form.setError));
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="role-title" fullWidth maxWidth="xs">
      <DialogTitle id="role-title">Role of {member.name}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Role" sx={{ pt: 1 }}>
          <Stack spacing={2}>
            {banner && <Alert severity="error">{banner}</Alert>}
            <FormSelect control={form.control} name="role" label="Role" options={options} required />
            <DialogFormActions submitLabel="Save" onCancel={onClose} busy={form.formState.isSubmitting} />
          </Stack>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
