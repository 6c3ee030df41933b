import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Carousel } from '@/api/model';
import { RichText } from '@/ui/RichText';
import { IFRAME_HEIGHT } from './IframeBlock';

/** Spec 2 §9: the carousel moves at speed 400 (ms). */
export const CAROUSEL_SPEED_MS = 400;

/** Slides side by side, moved with the arrows or the dots. */
export function CarouselBlock({ carousel }: { carousel: Carousel }) {
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const count = carousel.slides.length;
  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <Box component="section" aria-roledescription="carousel" aria-labelledby={headingId} sx={{ position: 'relative', overflow: 'hidden', borderRadius: 2 }}>
      {/* The slides' titles are h3s (the CMS writes them so): the carousel's own heading keeps
          the outline in order below the page's h1. */}
      <Typography component="h2" id={headingId} sx={visuallyHidden}>
        Highlights
      </Typography>
      <Box sx={{ display: 'flex', transform: `translateX(-${index * 100}%)`, transition: `transform ${CAROUSEL_SPEED_MS}ms ease` }}>
        {carousel.slides.map((slide, i) => (
          <Box
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            sx={{ flex: '0 0 100%', position: 'relative', bgcolor: 'primary.dark', color: 'common.white' }}
          >
            {slide.iframe ? (
              <Box component="iframe" src={slide.iframe} title={`Slide ${i + 1}`} sx={{ width: '100%', height: IFRAME_HEIGHT, border: 0 }} />
            ) : (
              slide.image && <Box component="img" src={slide.image} alt="" sx={{ width: '100%', height: { xs: 240, md: 420 }, objectFit: 'cover', display: 'block', opacity: 0.75 }} />
            )}
            <Stack spacing={1} sx={{ position: { md: 'absolute' }, left: 0, bottom: 0, p: { xs: 2, md: 4 }, maxWidth: 640, bgcolor: { xs: 'primary.dark', md: 'transparent' } }}>
              <RichText html={slide.description ?? ''} sx={{ '& h3': { m: 0, fontSize: '1.6rem' } }} />
              {slide.button_link && slide.button_label && (
                <Button component={RouterLink} to={slide.button_link} variant="contained" color="secondary" sx={{ alignSelf: 'flex-start' }} tabIndex={i === index ? 0 : -1}>
                  {slide.button_label}
                </Button>
              )}
            </Stack>
          </Box>
        ))}
      </Box>
      {count > 1 && (
        <>
          <IconButton aria-label="Previous slide" onClick={() => go(index - 1)} sx={{ position: 'absolute', top: '40%', left: 8, bgcolor: 'rgba(255,255,255,0.8)', '&:hover': { bgcolor: '#fff' } }}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label="Next slide" onClick={() => go(index + 1)} sx={{ position: 'absolute', top: '40%', right: 8, bgcolor: 'rgba(255,255,255,0.8)', '&:hover': { bgcolor: '#fff' } }}>
            <ChevronRightIcon />
          </IconButton>
          <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 12, right: 16 }}>
            {carousel.slides.map((_, i) => (
              <Box
                key={i}
                component="button"
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => go(i)}
                // A 12 px dot on a 24 px target (WCAG 2.2's minimum for something to tap).
                sx={{
                  width: 24,
                  height: 24,
                  border: 0,
                  p: 0,
                  cursor: 'pointer',
                  bgcolor: 'transparent',
                  display: 'grid',
                  placeItems: 'center',
                  '&::before': { content: '""', width: 12, height: 12, borderRadius: '50%', bgcolor: i === index ? 'common.white' : 'rgba(255,255,255,0.5)' },
                }}
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
