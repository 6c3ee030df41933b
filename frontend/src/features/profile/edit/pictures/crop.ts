/** Cropping in the browser (spec §5): the chosen area, downscaled to at most 1200 px wide. */
import type { Area } from 'react-easy-crop';

export const MAX_PICTURE_WIDTH = 1200;
export const AVATAR_ASPECT = 1;
export const BACKGROUND_ASPECT = 1.705;

/** The output size of a crop: the area itself, or scaled down to the width cap. */
export function outputSize(area: Pick<Area, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, MAX_PICTURE_WIDTH / area.width);
  return { width: Math.round(area.width * scale), height: Math.round(area.height * scale) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the cropped area onto a canvas and encodes it in the source's type. */
export async function cropToBlob(src: string, area: Area, type: string): Promise<Blob> {
  const image = await loadImage(src);
  const { width, height } = outputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Cropping is not supported in this browser.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))), type, 0.9),
  );
}
