/**
 * A QR code drawn as one SVG path from the `qrcode` package's module matrix (error correction M), so no
 * image is encoded and the console's Content-Security-Policy needs nothing new.
 */
import { create } from 'qrcode';

const QUIET = 4;

export function QrCode({ text, label, size = 224 }: { text: string; label: string; size?: number }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y += 1)
    for (let x = 0; x < n; x += 1) if (modules.get(y, x)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  const side = n + 2 * QUIET;
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shape-rendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
