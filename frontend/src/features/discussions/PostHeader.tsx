import LockIcon from '@mui/icons-material/LockOutlined';
import { Avatar, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { TopicCreatedBy } from '@/api/model';
import { dateTime } from '@/lib/dates';
import { initial } from '@/lib/initial';

interface Props {
  author: TopicCreatedBy | undefined;
  createdAt: string;
  editedAt?: string | null;
  deletedAt?: string | null;
  isPrivate?: boolean;
}

/** Who wrote a post and when, with its Private, Edited on and Deleted on badges. */
export function PostHeader({ author, createdAt, editedAt, deletedAt, isPrivate }: Props) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Avatar src={author?.avatar ?? undefined} sx={{ width: 32, height: 32 }}>
        {initial(author?.name)}
      </Avatar>
      {author ? (
        <Link component={RouterLink} to={`/profile/${author.id}`} underline="hover" sx={{ fontWeight: 600 }}>
          {author.name}
        </Link>
      ) : (
        <Typography sx={{ fontWeight: 600 }}>Former member</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {dateTime(createdAt)}
      </Typography>
      {isPrivate && <Chip size="small" icon={<LockIcon />} label="Private" />}
      {deletedAt ? (
        <Chip size="small" color="error" variant="outlined" label={`Deleted on ${dateTime(deletedAt)}`} />
      ) : (
        editedAt && <Chip size="small" variant="outlined" label={`Edited on ${dateTime(editedAt)}`} />
      )}
    </Stack>
  );
}
