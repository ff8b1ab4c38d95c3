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
  sizes: {
    LABEL_62X100: 'Étiquette 62\u00a0×\u00a0100\u00a0mm (Brother QL)',
    LABEL_62_CONTINUOUS: 'Rouleau continu de 62\u00a0mm (Brother QL)',
    LABEL_4X3_IN: 'Étiquette 4\u00a0×\u00a03\u00a0po (Zebra, Dymo)',
    A6: 'Papier A6 (105\u00a0×\u00a0148\u00a0mm)',
  },
  kiosk: {
    print: 'Imprimer mon badge',
    printing: "Votre badge s'imprime : prenez-le sur l'imprimante.",
    printAgain: 'Le réimprimer',
  },
} satisfies Catalogue<typeof english>;
