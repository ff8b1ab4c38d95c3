import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The QR code of an address as an SVG image's data URL, for an <img>; null while it is drawn, for
 * no address, or when it cannot be drawn. The image of an earlier address is never answered.
 */
export function useQrImage(address: string | null): string | null {
  const [image, setImage] = useState<{ address: string; url: string } | null>(null);
  useEffect(() => {
    if (address === null) return undefined;
    let live = true;
    QRCode.toString(address, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setImage({ address, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return image !== null && image.address === address ? image.url : null;
}
