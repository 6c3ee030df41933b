import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { favoriteProject, getGetProjectQueryKey, getListFavoriteProjectsQueryKey, unfavoriteProject } from '@/api/endpoints/projects/projects';
import type { Favorites } from '@/api/model';
import { errorMessage } from '@/lib/api-error';
import { counted } from '@/lib/plural';
import { useToast } from '@/ui/toast';

/** The heart on a project's page: a toggle for signed-in members, the count for everyone. */
export function FavoriteButton({ slug, favorites, canFavorite }: { slug: string; favorites: Favorites; canFavorite: boolean }) {
  const [current, setCurrent] = useState(favorites);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const label = counted(current.count, 'favorite');
  if (!canFavorite) {
    return (
      <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <FavoriteBorderIcon fontSize="small" aria-hidden /> {label}
      </Typography>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      const { data } = current.is_favorite ? await unfavoriteProject(slug) : await favoriteProject(slug);
      setCurrent(data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetProjectQueryKey(slug) }),
        queryClient.invalidateQueries({ queryKey: getListFavoriteProjectsQueryKey() }),
      ]);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={current.is_favorite ? 'contained' : 'outlined'}
      startIcon={current.is_favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      aria-pressed={current.is_favorite}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {current.is_favorite ? 'Favorite' : 'Add to favorites'} · {label}
    </Button>
  );
}
