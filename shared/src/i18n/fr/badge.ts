import type { badge as english } from '../en/badge.ts';
import type { Catalogue } from '../index.ts';

export const badge = {
  types: { VISITOR: 'Visiteur', CONTRACTOR: 'Prestataire', EMPLOYEE: 'Employé' },
  host: 'Hôte',
  company: 'Société',
  validUntil: "Valable jusqu'au",
  visitCode: 'Code de visite',
  photo: 'Photo du porteur du badge',
  logo: 'Logo',
  qrCode: 'QR code du code de visite',
  kiosk: {
    print: 'Imprimer mon badge',
    printing: "Votre badge s'imprime : prenez-le sur l'imprimante.",
    printAgain: 'Le réimprimer',
  },
} satisfies Catalogue<typeof english>;
