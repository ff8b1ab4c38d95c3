import { useTranslation } from 'react-i18next';
import { usePictureUrl } from '../api/usePictureUrl.ts';

/**
 * The visitor's photo taken at check-in (docs/check-in.md, "The visitor's photo"), fetched with
 * the user's token (GET /meeting/{id}/photo: staff who see the visit only) and shown from memory;
 * nothing while it loads, when the visit has none or when it cannot be read. `size` is its side in
 * pixels: the entry log's detail shows a portrait, the evacuation list a small face per person.
 */
export function VisitPhoto(props: { visitId: string; hasPhoto: boolean; name: string; size: number }) {
  const { visitId, hasPhoto, name, size } = props;
  const { t } = useTranslation();
  const url = usePictureUrl(hasPhoto ? 'GET /meeting/:id/photo' : null, visitId);
  if (url === null) return null;
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
