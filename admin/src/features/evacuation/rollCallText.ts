import type { RollCallActor } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';

/** Who started, marked or ended a roll call, as a warden reads it: a user's name, or "kiosk Lobby". */
export function useActorName(): (actor: RollCallActor) => string {
  const { t } = useTranslation();
  return (actor) => {
    if (actor.kind === 'kiosk')
      return actor.name ? t('evacuation.rollCall.kiosk', { name: actor.name }) : t('evacuation.rollCall.aKiosk');
    return actor.name ?? t('evacuation.rollCall.someone');
  };
}
