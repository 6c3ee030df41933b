import { trimming, withFieldRequiredText, zodResolver } from '@/lib/zod';
import { useForm } from 'react-hook-form';
import { staffCreateUser } from '@/api/endpoints/auth-staff/auth-staff';
import { staffCreateUserBody } from '@/api/zod/auth-staff/auth-staff.zod';
import type { z } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { EditorForm } from '@/ui/console/EditorForm';
import { StaffPage } from '@/ui/console/StaffPage';
import { useSaveForm } from '@/ui/console/useSaveForm';

type Values = z.infer<typeof staffCreateUserBody>;
const FIELDS = ['name', 'email'] as const;

/** /staff/users/new: an admin adds an account; its owner is mailed a link to choose a password. */
export function NewUserPage() {
  const form = useForm<Values>({ resolver: withFieldRequiredText(trimming(zodResolver(staffCreateUserBody))), defaultValues: { name: '', email: '' } });
  const { onSubmit, banner } = useSaveForm(form, {
    fields: FIELDS,
    editPath: (id) => `/staff/users/${id}`,
    save: (values) => staffCreateUser(values),
  });
  return (
    <StaffPage title="New account">
      <EditorForm label="New account" form={form} banner={banner} onSubmit={onSubmit}>
        <FormTextField control={form.control} name="name" label="Name" required fullWidth />
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          required
          fullWidth
          helperText="We e-mail this address a link to choose a password."
        />
      </EditorForm>
    </StaffPage>
  );
}
