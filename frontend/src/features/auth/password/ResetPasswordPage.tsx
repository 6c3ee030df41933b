import { useSearchParams } from 'react-router';
import { useConfirmResetPassword, useValidateResetToken } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { CheckedLink } from './CheckedLink';
import { NewPasswordForm } from './NewPasswordForm';

/** /forgot-password/confirm?token=: the token is checked on load, then the form shows. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validate = useValidateResetToken();
  const confirm = useConfirmResetPassword();

  return (
    <AuthCard title="Reset password">
      <CheckedLink check={() => validate.mutateAsync({ data: { token } })} renew={{ to: '/forgot-password', label: 'Ask for a new link' }}>
        <NewPasswordForm
          serverFields={{ password: 'password' }}
          save={async ({ password }) => (await confirm.mutateAsync({ data: { token, password } })).data.message}
        />
      </CheckedLink>
    </AuthCard>
  );
}
