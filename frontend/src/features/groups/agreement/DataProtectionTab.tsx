import { Divider, Stack } from '@mui/material';
import type { GroupDetail } from '@/api/model';
import { AgreementSection } from './AgreementSection';
import { PhiCheckSetting } from './PhiCheckSetting';

/** The owner's Data protection tab (issue 24 §1–2): the patient-data check and the data-use agreement. */
export function DataProtectionTab({ group }: { group: GroupDetail }) {
  return (
    <Stack spacing={4}>
      <PhiCheckSetting group={group} />
      <Divider />
      <AgreementSection group={group} />
    </Stack>
  );
}
