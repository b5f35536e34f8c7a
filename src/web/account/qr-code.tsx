import { renderSVG } from 'uqr';

/**
 * The otpauth URI as a QR code, drawn by uqr (loaded with the set-up, not with the account screen). An image of
 * an SVG: the page's policy allows `data:` images, and the picture needs no script.
 */
export default function QrCode({ value, label, size }: { value: string; label: string; size: number }) {
  const svg = renderSVG(value, { ecc: 'M', border: 2 });
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
      style={{ display: 'block', background: 'white', imageRendering: 'pixelated' }}
    />
  );
}
