import { Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListApiTokens } from '@/api/endpoints/tokens/tokens';
import type { ApiTokenCreated } from '@/api/model';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';
import { ShownOnceDialog } from '@/ui/ShownOnceDialog';
import { Section } from '../account/Section';
import { TokenCard } from './TokenCard';
import { TokenForm } from './TokenForm';

/** /my-profile/api-tokens (issue 47 §1): personal API tokens for scripts, made, listed and
 * revoked here; a new token is shown once. */
export function ApiTokensTab() {
  usePageTitle('API tokens');
  const tokens = useListApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        A token lets your scripts use Cohort&apos;s API for you, within the scopes you choose, without your password or
        your two-step code. Send it as <code>Authorization: Bearer &lt;token&gt;</code>. A token cannot sign in to the
        site, change your password, e-mail or two-step sign-in, or make other tokens. See the{' '}
        <Link href="/api/docs/">API documentation</Link>.
      </Typography>
      <Section title="New token">
        {tokens.isSuccess && <TokenForm grantable={tokens.data.data.grantable} onCreated={setCreated} />}
      </Section>
      <Section title="Your tokens">
        {tokens.isPending && <Loading label="Loading your tokens" />}
        {tokens.isError && <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />}
        {tokens.isSuccess && tokens.data.data.tokens.length === 0 && <EmptyState>You have no API tokens.</EmptyState>}
        {tokens.isSuccess && tokens.data.data.tokens.length > 0 && (
          <Stack component="ul" spacing={2} aria-label="Your tokens" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {tokens.data.data.tokens.map((token) => (
              <li key={token.id}>
                <TokenCard token={token} />
              </li>
            ))}
          </Stack>
        )}
      </Section>
      <ShownOnceDialog
        title="Copy your new token"
        label={created?.api_token.name ?? 'Token'}
        value={created?.token ?? null}
        onClose={() => setCreated(null)}
      />
    </Stack>
  );
}
