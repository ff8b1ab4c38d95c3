import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around a QR code, in modules: scanners need it to find the code. */
const QUIET_ZONE = 2;

/**
 * A QR code drawn as one SVG path (crisp at any print resolution, no image to load): the
 * kiosk draws it offline from its own record.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++)
        if (modules.get(y, x)) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
  }, [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-code={text}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
