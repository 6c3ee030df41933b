import { Card, CardActionArea, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { getListProjectNeedsQueryKey, listProjectNeeds } from '@/api/endpoints/projects/projects';
import type { NeedKind } from '@/api/model';
import { needKindLabels, options } from '@/lib/labels';
import { usePages } from '@/lib/usePages';
import { LoadMore } from '@/ui/LoadMore';
import { usePageTitle } from '@/ui/page-title';
import { EmptyState, ErrorState, Loading } from '@/ui/QueryState';

const KINDS = options(needKindLabels);

/** /needs: what every live project asks the community for, filterable by kind. */
export function NeedsPage() {
  usePageTitle('Needs');
  const [kind, setKind] = useState<NeedKind | undefined>();
  const query = { kind };
  const pages = usePages(getListProjectNeedsQueryKey(query), (page) => listProjectNeeds({ ...query, page }));
  const needs = pages.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        Needs
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Research projects looking for participants, co-investigators, mentors, helpers, data or equipment.
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 3 }} role="group" aria-label="Kind of need">
        <Chip label="All" color={kind ? 'default' : 'primary'} onClick={() => setKind(undefined)} aria-pressed={!kind} />
        {KINDS.map((option) => (
          <Chip
            key={option.value}
            label={option.label}
            color={kind === option.value ? 'primary' : 'default'}
            onClick={() => setKind(option.value)}
            aria-pressed={kind === option.value}
          />
        ))}
      </Stack>
      {pages.isPending ? (
        <Loading />
      ) : pages.isError ? (
        <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
      ) : needs.length === 0 ? (
        <EmptyState>{kind ? `No live project needs ${needKindLabels[kind].toLowerCase()} right now.` : 'No live project has listed a need yet.'}</EmptyState>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {needs.map((need) => (
            <li key={need.id}>
              <Card variant="outlined">
                <CardActionArea component={RouterLink} to={`/project/${need.project_slug}`}>
                  <CardContent>
                    <Stack spacing={1}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip size="small" label={needKindLabels[need.kind]} color="secondary" variant="outlined" />
                        <Typography variant="body2" color="text.secondary">
                          {need.project_title}
                        </Typography>
                      </Stack>
                      <Typography>{need.description}</Typography>
                    </Stack>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <LoadMore pages={pages} />
    </Container>
  );
}
