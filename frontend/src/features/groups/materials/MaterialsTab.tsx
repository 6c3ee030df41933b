import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useListGroupMaterials } from '@/api/endpoints/groups/groups';
import type { GroupDetail } from '@/api/model';
import { ErrorState, Loading } from '@/ui/QueryState';
import { MaterialList } from '@/ui/materials/MaterialList';

/** The detail page's Supplementary Materials tab. */
export function MaterialsTab({ group }: { group: GroupDetail }) {
  const materials = useListGroupMaterials(group.id);
  return (
    <Stack spacing={2}>
      {group.abilities.can_edit_materials && (
        <Button
          component={RouterLink}
          to={`/working-groups/edit/${group.slug}?step=materials`}
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
        >
          Edit Supplementary Materials
        </Button>
      )}
      {materials.isPending && <Loading />}
      {materials.isError && <ErrorState error={materials.error} onRetry={() => materials.refetch()} />}
      {materials.isSuccess && <MaterialList items={materials.data.data} />}
    </Stack>
  );
}
