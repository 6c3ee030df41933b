import { Box, Typography } from '@mui/material';
import { useGetGroupAgreement } from '@/api/endpoints/groups/groups';
import { postDate } from '@/lib/dates';
import { ErrorState, Loading } from '@/ui/QueryState';
import { RichText } from '@/ui/RichText';

/** The current version of a group's data-use agreement, as the member is asked to accept it. */
export function AgreementText({ slug }: { slug: string }) {
  const agreement = useGetGroupAgreement(slug);
  if (agreement.isPending) return <Loading label="Loading the data-use agreement" />;
  if (agreement.isError) return <ErrorState error={agreement.error} onRetry={() => void agreement.refetch()} />;
  const current = agreement.data.data;
  return (
    <Box>
      <Typography variant="subtitle2">
        Data-use agreement · version {current.version} · published {postDate(current.published_at)}
      </Typography>
      {/* Long agreements scroll inside the dialog; the region can be focused to scroll by keyboard. */}
      <Box
        role="region"
        tabIndex={0}
        aria-label="Data-use agreement text"
        sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 0.5, maxHeight: 320, overflowY: 'auto' }}
      >
        <RichText html={current.body} />
      </Box>
    </Box>
  );
}
