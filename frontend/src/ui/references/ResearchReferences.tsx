import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  getListReferencesQueryKey,
  useAddReference,
  useListReferences,
  useRemoveReference,
} from '@/api/endpoints/references/references';
import type { PlaceType, Reference } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { errorMessage } from '@/lib/api-error';
import { FormTextField } from '@/ui/form/FormTextField';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useToast } from '@/ui/toast';
import { identifierKindLabels } from './labels';

interface Props {
  placeType: PlaceType;
  placeId: number;
  /** The heading's level where the list sits. */
  headingLevel?: 'h2' | 'h3';
  /** In a card of its own (a side panel), or as a plain section. */
  card?: boolean;
}

/** The registered trials and publications a working group or project links, as badges to
 * their registries; those who edit the place add and remove them here. */
export function ResearchReferences({ placeType, placeId, headingLevel = 'h2', card = false }: Props) {
  const params = { place_type: placeType, place_id: placeId };
  const references = useListReferences(params);
  if (references.isPending) return <Loading label="Loading trials and publications" />;
  if (references.isError) return <ErrorState error={references.error} onRetry={() => void references.refetch()} />;
  const { data, can_edit } = references.data;
  if (data.length === 0 && !can_edit) return null;
  const section = (
    <Box component="section" aria-labelledby={`references-${placeType}-${placeId}`}>
      <Typography variant="h6" component={headingLevel} id={`references-${placeType}-${placeId}`} gutterBottom>
        Trials and publications
      </Typography>
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No registered trial or publication is linked yet.
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} component="ul" aria-label="Trials and publications" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((reference) => (
            <li key={reference.id}>
              <ReferenceBadge reference={reference} removable={can_edit} params={params} />
            </li>
          ))}
        </Stack>
      )}
      {can_edit && <AddReference placeType={placeType} placeId={placeId} />}
    </Box>
  );
  return card ? (
    <Card variant="outlined">
      <CardContent>{section}</CardContent>
    </Card>
  ) : (
    section
  );
}

function ReferenceBadge({
  reference,
  removable,
  params,
}: {
  reference: Reference;
  removable: boolean;
  params: { place_type: PlaceType; place_id: number };
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useRemoveReference();
  const trial = reference.kind === 'nct' || reference.kind === 'isrctn';
  const label = `${identifierKindLabels[reference.kind]} ${reference.identifier}`;
  const onDelete = async () => {
    try {
      const { data } = await remove.mutateAsync({ id: reference.id });
      toast(data.message);
      await queryClient.invalidateQueries({ queryKey: getListReferencesQueryKey(params) });
    } catch (error) {
      toast(errorMessage(error), 'error', 'Error');
    }
  };
  return (
    <Stack direction="row" sx={{ alignItems: 'center', maxWidth: '100%' }}>
      <Chip
        icon={trial ? <ScienceOutlinedIcon /> : <MenuBookOutlinedIcon />}
        label={reference.title ? `${label} · ${reference.title}` : label}
        title={reference.title ?? undefined}
        component="a"
        href={reference.url}
        target="_blank"
        rel="noopener noreferrer"
        clickable
        variant="outlined"
        color={trial ? 'primary' : 'default'}
        sx={{ maxWidth: '100%' }}
      />
      {removable && (
        <IconButton size="small" aria-label={`Remove ${label}`} onClick={() => void onDelete()} disabled={remove.isPending}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}

interface Values {
  identifier: string;
}

function AddReference({ placeType, placeId }: { placeType: PlaceType; placeId: number }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const add = useAddReference();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { identifier: '' } });
  const onSubmit = form.handleSubmit(async ({ identifier }) => {
    setBanner(null);
    try {
      const { data } = await add.mutateAsync({ data: { place_type: placeType, place_id: placeId, identifier } });
      toast(`Linked ${identifierKindLabels[data.kind]} ${data.identifier}.`);
      form.reset();
      await queryClient.invalidateQueries({
        queryKey: getListReferencesQueryKey({ place_type: placeType, place_id: placeId }),
      });
    } catch (error) {
      setBanner(applyServerErrors(error, ['identifier'], form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
      {banner && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {banner}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <FormTextField
          name="identifier"
          control={form.control}
          label="Trial or publication"
          placeholder="NCT04280705, ISRCTN…, 10.1056/… or a PubMed id"
          helperText="Paste the identifier or its registry link; it is checked before it is linked."
          size="small"
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ flexShrink: 0 }}>
          Link
        </Button>
      </Stack>
    </Box>
  );
}
