import { useSearchParams } from 'react-router';
import { useSetPassword } from '@/api/endpoints/auth/auth';
import { usePageTitle } from '@/ui/page-title';
import { AuthCard } from '@/ui/AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** /set-password?token=: choose a first password for an account that has none. */
export function SetPasswordPage() {
  usePageTitle('Set password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const setPassword = useSetPassword();
  return (
    <AuthCard title="Set password">
      <NewPasswordForm
        serverFields={{ new_password: 'password', confirm_password: 'confirm_password' }}
        save={async ({ password, confirm_password }) =>
          (await setPassword.mutateAsync({ data: { token, new_password: password, confirm_password } })).data.message
        }
      />
    </AuthCard>
  );
}
