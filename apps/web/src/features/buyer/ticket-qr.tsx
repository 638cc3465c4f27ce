import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE = 240;

/**
 * The ticket's secret drawn as a QR code, in the page only: it is what the door scanner reads, so it is
 * never sent anywhere nor put in the address. A placeholder of the same size keeps the layout still.
 */
export function TicketQr({ secret, label, size = SIZE }: { secret: string; label: string; size?: number }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // Level L: the signed secret is long, and fewer, larger modules read faster off a phone screen at the
    // door; twice the size in pixels keeps the edges sharp on high-density screens.
    QRCode.toDataURL(secret, { errorCorrectionLevel: 'L', margin: 2, width: size * 2 }).then(
      (url) => current && setImage(url),
      () => current && setImage(null),
    );
    return () => {
      current = false;
    };
  }, [secret, size]);
  if (!image) return <Skeleton width={size} height={size} aria-label={label} role="img" />;
  return <img src={image} width={size} height={size} alt={label} className="buyer-qr" />;
}
