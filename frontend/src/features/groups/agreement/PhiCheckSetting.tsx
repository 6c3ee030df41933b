import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useSetGroupPhiCheck } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useRefreshGroup } from '../membership/useRefreshGroup';

/** Issue 24 §1: the owner makes the patient-data check blocking for the group, or not. */
export function PhiCheckSetting({ group }: { group: GroupDetail }) {
  const save = useSetGroupPhiCheck();
  const refresh = useRefreshGroup(group.slug);
  const toast = useToast();
  const change = async (blocking: boolean) => {
    try {
      const { data } = await save.mutateAsync({ slug: group.slug, data: { blocking } });
      toast(data.message, 'success', 'Success');
      await refresh();
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Patient-data check
      </Typography>
      <Typography color="text.secondary">
        Before a topic, reply or update is published, it is checked for what may identify a patient: a name next to a
        diagnosis, a date of birth, a health-card or record number, a phone number, an address. By default the author sees
        what was found and may publish with a recorded declaration.
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={group.phi_blocking} disabled={save.isPending} onChange={(event) => void change(event.target.checked)} />
        }
        label="Hold back posts that may identify a patient until their author edits them"
      />
    </Stack>
  );
}
