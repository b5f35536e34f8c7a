import { AVATAR_CROP_RATIO, AVATAR_SIZE_PX } from '../../shared/companies';

/** A square in the image's own pixels. */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

/** Below this a crop is a few pixels wide and the 200 px avatar would be a blur. */
export const MIN_CROP_PX = 16;

/** docs/SPEC.md §2: the crop starts as a centred square at 90 % of the smaller side. */
export function initialCrop(width: number, height: number): CropSquare {
  const size = Math.max(1, Math.round(Math.min(width, height) * AVATAR_CROP_RATIO));
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** The square moved by (dx, dy), kept inside the image. */
export function moveCrop(crop: CropSquare, dx: number, dy: number, width: number, height: number): CropSquare {
  return {
    size: crop.size,
    x: Math.round(clamp(crop.x + dx, 0, width - crop.size)),
    y: Math.round(clamp(crop.y + dy, 0, height - crop.size)),
  };
}

/** The square resized around its centre, within the image and never below MIN_CROP_PX (or the image). */
export function resizeCrop(crop: CropSquare, size: number, width: number, height: number): CropSquare {
  const max = Math.min(width, height);
  const next = Math.round(clamp(size, Math.min(MIN_CROP_PX, max), max));
  const cx = crop.x + crop.size / 2;
  const cy = crop.y + crop.size / 2;
  return {
    size: next,
    x: Math.round(clamp(cx - next / 2, 0, width - next)),
    y: Math.round(clamp(cy - next / 2, 0, height - next)),
  };
}

/**
 * The cropped square drawn on a 200 px canvas and exported as JPEG (docs/SPEC.md §9). A white background
 * first, because JPEG has no transparency and a transparent PNG would otherwise turn black.
 */
export function cropToJpeg(image: CanvasImageSource, crop: CropSquare, quality = 0.9): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG export failed'))), 'image/jpeg', quality),
  );
}
