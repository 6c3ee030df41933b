import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useId } from 'react';
import { useListProjectTags } from '@/api/endpoints/groups/groups';
import { useUrlParam } from '@/lib/useUrlState';

/** The topics a list is filtered by, as slugs in the address (`?tags=stroke,genomics`):
 * shareable, kept on reload and Back. */
export function useTopicsParam(): [string[], (next: string[]) => void] {
  const [param, setParam] = useUrlParam('tags');
  const topics = param ? param.split(',') : [];
  return [topics, (next) => setParam(next.join(','))];
}

/** A list's Topics filter: any number of topics (spec 2: the lists filter by topics). */
export function TopicsSelect({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const tags = useListProjectTags();
  const label = useId();
  return (
    <FormControl sx={{ minWidth: 220 }}>
      <InputLabel id={label}>Topics</InputLabel>
      <Select
        labelId={label}
        label="Topics"
        multiple
        value={value}
        onChange={(event) => onChange(event.target.value as string[])}
        renderValue={(selected) => selected.map((slug) => tags.data?.data.find((t) => t.slug === slug)?.title ?? slug).join(', ')}
      >
        {(tags.data?.data ?? []).map((tag) => (
          <MenuItem key={tag.id} value={tag.slug}>
            {tag.title}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
