import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Divider, Stack, Typography } from '@mui/material';
import { startTransition } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { SmsConfirmForm } from '@/ui/SmsConfirmForm';

/** Shown once the account exists: confirm the e-mail, or the phone by SMS code. */
export function RegisterDone({ message }: { message: string }) {
  const [params] = useSearchParams();
  const smsToken = params.get('sms_confirm_token');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  // Spec §4 (Phone): the confirmed new account is signed in and sent to the profile
  // route with the personalization modal open.
  const onConfirmed = (access: string | null | undefined) => {
    if (!access) return;
    startTransition(() => {
      signIn(access);
      void navigate('/my-profile?openPersonalization=true', { replace: true });
    });
  };
  return (
    <Stack spacing={3}>
      <Message message={message} />
      {smsToken && (
        <>
          <Divider />
          <SmsConfirmForm token={smsToken} onConfirmed={onConfirmed} />
        </>
      )}
    </Stack>
  );
}

function Message({ message }: { message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} role="status">
      <MarkEmailReadIcon color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="p">
        {message}
      </Typography>
    </Stack>
  );
}
