import { Stack } from '@mui/material';
import { usePageTitle } from '@/ui/page-title';
import { useMe } from '../MyProfileLayout';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { PhoneSection } from './PhoneSection';
import { SessionsSection } from './SessionsSection';
import { SsoSection } from './SsoSection';
import { TwoFactorSection } from './TwoFactorSection';
import { YourDataSection } from './YourDataSection';

/** Account tab (spec §2): e-mail, password, single sign-on, phone, security, where the member is
 * signed in (issue 49 §1), your data, deletion. */
export function AccountTab() {
  // /my-profile itself: its title is the profile's.
  usePageTitle('My profile');
  const me = useMe();
  return (
    <Stack spacing={3}>
      <EmailSection me={me} />
      <ChangePasswordSection me={me} />
      <SsoSection me={me} />
      <PhoneSection me={me} />
      <TwoFactorSection me={me} />
      <SessionsSection />
      <YourDataSection />
      <DeleteAccountSection />
    </Stack>
  );
}
