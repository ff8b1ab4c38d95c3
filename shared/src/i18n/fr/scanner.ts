import type { scanner as english } from '../en/scanner.ts';
import type { Catalogue } from '../index.ts';

export const scanner = {
  title: 'Scannez votre QR code',
  instructions: {
    entry: 'Présentez le QR code de votre invitation ou de votre visite devant la caméra.',
    exit: 'Présentez le QR code de votre visite devant la caméra.',
  },
  camera: 'Caméra',
  cameraNumber: 'Caméra {{number}}',
  preview: 'Image de la caméra',
  starting: 'Démarrage de la caméra…',
  scanning: 'Recherche d’un QR code…',
  read: 'Code lu.',
  notOurCode: 'Ce code n’est pas un code de visite Vestibule.',
  unsupported: 'Cet appareil ne peut pas utiliser sa caméra ici. Veuillez saisir votre code de visite ci-dessous.',
  denied: 'La caméra n’est pas autorisée. Veuillez saisir votre code de visite ci-dessous.',
  noCamera: 'Aucune caméra n’a été trouvée. Veuillez saisir votre code de visite ci-dessous.',
  cameraFailed: 'La caméra n’a pas pu démarrer. Veuillez saisir votre code de visite ci-dessous.',
  tryAgain: 'Réessayer la caméra',
  manual: {
    title: 'Pas de QR code ?',
    label: 'Saisissez votre code de visite',
    hint: '8 lettres et chiffres.',
    invalid: 'Ce n’est pas un code de visite. Vérifiez les 8 lettres et chiffres.',
    submit: 'Valider',
  },
  cancel: 'Annuler',
} satisfies Catalogue<typeof english>;
