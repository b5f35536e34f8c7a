import { describe, expect, it } from 'vitest';
import { initialCrop, MIN_CROP_PX, moveCrop, resizeCrop } from './crop';

describe('avatar crop geometry', () => {
  it('starts as a centred square at 90 % of the smaller side', () => {
    expect(initialCrop(1000, 500)).toEqual({ x: 275, y: 25, size: 450 });
    expect(initialCrop(400, 800)).toEqual({ x: 20, y: 220, size: 360 });
    expect(initialCrop(200, 200)).toEqual({ x: 10, y: 10, size: 180 });
  });

  it('moves inside the image only', () => {
    const crop = initialCrop(1000, 500);
    expect(moveCrop(crop, 10, -5, 1000, 500)).toEqual({ x: 285, y: 20, size: 450 });
    expect(moveCrop(crop, -9999, -9999, 1000, 500)).toEqual({ x: 0, y: 0, size: 450 });
    expect(moveCrop(crop, 9999, 9999, 1000, 500)).toEqual({ x: 550, y: 50, size: 450 });
  });

  it('resizes around its centre, within the image and not below the minimum', () => {
    const crop = initialCrop(1000, 500);
    expect(resizeCrop(crop, 250, 1000, 500)).toEqual({ x: 375, y: 125, size: 250 });
    expect(resizeCrop(crop, 5000, 1000, 500)).toEqual({ x: 250, y: 0, size: 500 });
    expect(resizeCrop(crop, 1, 1000, 500).size).toBe(MIN_CROP_PX);
    // Near an edge, growing pushes the square back inside.
    const corner = { x: 0, y: 0, size: 100 };
    expect(resizeCrop(corner, 300, 1000, 500)).toEqual({ x: 0, y: 0, size: 300 });
  });

  it('keeps a tiny image whole', () => {
    expect(resizeCrop({ x: 0, y: 0, size: 8 }, 2, 10, 10)).toEqual({ x: 0, y: 0, size: 10 });
  });
});
