import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Divider, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { SmsConfirmForm } from '../phone/SmsConfirmForm';

/** Shown once the account exists: confirm the e-mail, or the phone by SMS code. */
export function RegisterDone({ message }: { message: string }) {
  const [params] = useSearchParams();
  const smsToken = params.get('sms_confirm_token');
  return (
    <Stack spacing={3}>
      <Message message={message} />
      {smsToken && (
        <>
          <Divider />
          <SmsConfirmForm token={smsToken} />
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
