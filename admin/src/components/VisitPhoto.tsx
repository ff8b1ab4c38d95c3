import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPicture } from '../api/picture.ts';

/**
 * The visitor's photo taken at check-in (docs/check-in.md, "The visitor's photo"), fetched with
 * the user's token (GET /meeting/{id}/photo: staff who see the visit only) and shown from memory;
 * nothing while it loads, when the visit has none or when it cannot be read. `size` is its side in
 * pixels: the entry log's detail shows a portrait, the evacuation list a small face per person.
 */
export function VisitPhoto(props: { visitId: string; hasPhoto: boolean; name: string; size: number }) {
  const { visitId, hasPhoto, name, size } = props;
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasPhoto) return undefined;
    let live = true;
    let made: string | null = null;
    fetchPicture('GET /meeting/:id/photo', { params: { id: visitId } }).then(
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
  }, [visitId, hasPhoto]);
  if (!hasPhoto || url === null) return null;
  return (
    <img
      src={url}
      alt={t('common.visitorPhotoAlt', { name })}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: size > 64 ? 8 : '50%', display: 'block' }}
      data-testid="visit-photo"
    />
  );
}
