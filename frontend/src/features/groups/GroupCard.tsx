import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import { Avatar, Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GroupCard as GroupCardData } from '@/api/model';
import { Picture } from '@/ui/Picture';
import { plainText } from '@/lib/html-text';
import { counted } from '@/lib/plural';
import { initial } from '@/lib/initial';

interface Props {
  group: GroupCardData;
  /** Cards link to the group's page unless told otherwise (a hidden group has none). */
  linked?: boolean;
  /** Labels and actions shown under the card (My Working Groups). */
  footer?: ReactNode;
  /** The first card of a page: its picture is the page's largest, fetched first. */
  priority?: boolean;
}

/** A working group in a list: image, title, summary, topics, creator and counts. */
export function GroupCard({ group, linked = true, footer, priority = false }: Props) {
  const body = (
    <>
      {group.image ? (
        <Picture
          src={group.image}
          thumbnail={group.image_thumbnail}
          width={480}
          height={160}
          sizes="(min-width: 900px) 380px, 100vw"
          priority={priority}
          sx={{ height: 160 }}
        />
      ) : (
        <Box sx={{ height: 160, bgcolor: 'primary.light' }} />
      )}
      <CardContent sx={{ flex: 1 }}>
        <Stack spacing={1.25}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {group.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {plainText(group.summary)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {group.tags.map((tag) => (
              <Chip key={tag.id} label={tag.title} size="small" />
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Avatar src={group.created_by?.avatar_thumbnail ?? undefined} sx={{ width: 28, height: 28 }}>
                {initial(group.created_by?.name)}
              </Avatar>
              <Typography variant="body2" noWrap>
                {group.created_by?.name}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ color: 'text.secondary', flexShrink: 0 }}>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="img" aria-label={counted(group.members, 'member')}>
                <GroupsIcon fontSize="small" />
                <Typography variant="body2">{group.members}</Typography>
              </Stack>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} role="img" aria-label={counted(group.comments, 'comment')}>
                <ChatBubbleOutlineIcon fontSize="small" />
                <Typography variant="body2">{group.comments}</Typography>
              </Stack>
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {linked ? (
        <CardActionArea
          component={RouterLink}
          to={`/working-groups/${group.slug}`}
          sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
        >
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>{body}</Box>
      )}
      {footer && <Box sx={{ px: 2, pb: 2 }}>{footer}</Box>}
    </Card>
  );
}
