import { useSearchParams } from 'react-router';
import { useSetPassword, useValidateSetPasswordToken } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { CheckedLink } from './CheckedLink';
import { NewPasswordForm } from './NewPasswordForm';

/** /set-password?token=: choose a first password for an account that has none; the token is checked on load. */
export function SetPasswordPage() {
  usePageTitle('Set password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validate = useValidateSetPasswordToken();
  const setPassword = useSetPassword();
  return (
    <AuthCard title="Set password">
      <CheckedLink check={() => validate.mutateAsync({ data: { token } })} renew={{ to: '/forgot-password', label: 'Ask for a new link' }}>
        <NewPasswordForm
          serverFields={{ new_password: 'password', confirm_password: 'confirm_password' }}
          save={async ({ password, confirm_password }) =>
            (await setPassword.mutateAsync({ data: { token, new_password: password, confirm_password } })).data.message
          }
        />
      </CheckedLink>
    </AuthCard>
  );
}
