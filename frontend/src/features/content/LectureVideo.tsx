import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Lecture } from '@/api/model';
import { languageName, preferredLanguage } from '@/lib/languages';
import { loginPathFor } from '@/lib/redirect';

export const NO_VIDEO = 'Your browser does not support the video tag.';
export const SIGN_IN_TO_WATCH = 'Sign in to watch';

interface Props {
  lecture: Lecture;
  /** The player failed to load the video. */
  onError?: () => void;
  /** The page's main picture (the first a phone shows): fetched first, the others when near. */
  priority?: boolean;
}

/** A lecture's player with its poster and captions; a visitor (the terms: watching lectures
 * needs an account) sees the poster and "Sign in to watch", which comes back here. */
export function LectureVideo({ lecture, onError, priority = false }: Props) {
  const location = useLocation();
  if (lecture.sign_in_to_watch) {
    return (
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {lecture.image && (
          <Box
            component="img"
            src={lecture.image}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.55 }}
          />
        )}
        <Button
          component={RouterLink}
          to={loginPathFor(location)}
          variant="contained"
          startIcon={<PlayArrowIcon />}
          aria-label={`${SIGN_IN_TO_WATCH} ${lecture.title}`}
          sx={{ position: 'relative' }}
        >
          {SIGN_IN_TO_WATCH}
        </Button>
      </Box>
    );
  }
  const preferred = preferredLanguage(lecture.captions.map((track) => track.language));
  return (
    <Box
      component="video"
      controls
      preload="metadata"
      poster={lecture.image ?? undefined}
      aria-label={`${lecture.title} video`}
      onError={onError}
      src={lecture.video_file_url ?? undefined}
      sx={{ width: '100%', display: 'block', aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1 }}
    >
      {lecture.captions.map((track) => (
        <track
          key={track.language}
          kind="captions"
          srcLang={track.language}
          label={languageName(track.language)}
          src={track.url}
          default={track.language === preferred}
        />
      ))}
      {NO_VIDEO}
    </Box>
  );
}
