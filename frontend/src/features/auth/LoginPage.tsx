import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Container, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLogin } from '@/api/endpoints/auth/auth';
import { loginBody } from '@/api/zod/auth/auth.zod';
import { useAuth } from '@/app/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { usePageTitle } from '@/ui/page-title';

type LoginForm = z.infer<typeof loginBody>;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/dashboard';
}

export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [banner, setBanner] = useState<string | null>(null);
  const login = useLogin();
  const form = useForm<LoginForm>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await login.mutateAsync({ data: values });
      signIn(data.access);
      navigate(safeRedirect(params.get('redirect_to')), { replace: true });
    } catch (error) {
      setBanner(applyServerErrors(error, ['email', 'password'], form.setError));
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h2" component="h1" gutterBottom>
            Sign in
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2.5}>
              {banner && <Alert severity="error">{banner}</Alert>}
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                {...form.register('email')}
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                {...form.register('password')}
                error={Boolean(errors.password)}
                helperText={errors.password?.message}
              />
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                Sign in
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Link component={RouterLink} to="/forgot-password">
                  Forgot password
                </Link>
                <Link component={RouterLink} to="/register">
                  Sign up
                </Link>
              </Stack>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
