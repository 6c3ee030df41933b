import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

interface Props {
  title: string;
  src: string;
  aspect: number;
  busy: boolean;
  onCancel: () => void;
  onCrop: (area: Area) => void;
}

/** Lets the user frame the picture at the required aspect ratio before it is uploaded. */
export function CropDialog({ title, src, aspect, busy, onCancel, onCrop }: Props) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="crop-title">
      <DialogTitle id="crop-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', height: { xs: 260, sm: 360 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            cropShape={aspect === 1 ? 'round' : 'rect'}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <Typography variant="body2" id="zoom-label" sx={{ flexShrink: 0 }}>
            Zoom
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            onChange={(_, value) => setZoom(value as number)}
            aria-labelledby="zoom-label"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!area || busy} onClick={() => area && onCrop(area)}>
          Save picture
        </Button>
      </DialogActions>
    </Dialog>
  );
}
