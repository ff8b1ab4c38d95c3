import { useEffect, useState } from 'react';
import { fetchPicture } from './picture.ts';

/** The pictures read by one id alone: a visitor's photo, a drawn signature. */
type PictureById = 'GET /meeting/:id/photo' | 'GET /meetingSignature/:id/image';

/**
 * A picture behind the bearer token as an address an `<img>` can show (an object URL, released
 * when the id changes or the component goes); null while it loads, when `key` is null (nothing to
 * show) or when it cannot be read.
 */
export function usePictureUrl(key: PictureById | null, id: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    let made: string | null = null;
    fetchPicture(key, { params: { id } }).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => live && setUrl(null),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [key, id]);
  return key === null ? null : url;
}
