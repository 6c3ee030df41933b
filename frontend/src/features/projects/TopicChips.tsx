import { Chip, Stack } from '@mui/material';
import type { ProjectTag } from '@/api/model';

/** A project's topics, as small chips. */
export function TopicChips({ topics }: { topics: ProjectTag[] }) {
  if (topics.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Topics">
      {topics.map((topic) => (
        <Chip key={topic.id} size="small" label={topic.title} variant="outlined" />
      ))}
    </Stack>
  );
}
