import { Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { FIELD_REQUIRED } from '@/lib/field-texts';
import { z, zodResolver } from '@/lib/zod';
import { DialogFormActions } from './DialogFormActions';
import { FormTextField } from './FormTextField';
import { isWebAddress, NOT_A_WEB_ADDRESS } from './link-address';

const schema = z.object({
  address: z.string().trim().min(1, FIELD_REQUIRED).refine(isWebAddress, NOT_A_WEB_ADDRESS),
});
type Values = z.infer<typeof schema>;

interface Props {
  /** The selection's link, when it has one. */
  initial: string;
  onSave: (address: string) => void;
  onClose: () => void;
}

/** Asks for a link's address, by the rules the server keeps links by. */
export function LinkDialog({ initial, onSave, onClose }: Props) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { address: initial } });
  const submit = form.handleSubmit(({ address }) => onSave(address.trim()));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Link</DialogTitle>
      <DialogContent>
        <Stack component="form" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={(event) => {
            // The dialog sits in a portal inside the post's form: its submit is its own.
            event.stopPropagation();
            void submit(event);
          }} aria-label="Link">
          <FormTextField
            control={form.control}
            name="address"
            label="Address"
            required
            autoFocus
            placeholder="https://"
            helperText="An address starting with https://, or a page of this site such as /projects"
          />
          <DialogFormActions submitLabel="Save link" onCancel={onClose} busy={false} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
