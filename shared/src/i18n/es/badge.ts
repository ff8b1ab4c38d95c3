import type { badge as english } from '../en/badge.ts';
import type { Catalogue } from '../index.ts';

export const badge = {
  types: { VISITOR: 'Visitante', CONTRACTOR: 'Contratista', EMPLOYEE: 'Empleado' },
  host: 'Anfitrión',
  company: 'Empresa',
  validUntil: 'Válido hasta',
  visitCode: 'Código de visita',
  photo: 'Foto del titular de la tarjeta',
  logo: 'Logotipo',
  qrCode: 'Código QR del código de visita',
  sizes: {
    LABEL_62X100: 'Etiqueta de 62\u00a0×\u00a0100\u00a0mm (Brother QL)',
    LABEL_62_CONTINUOUS: 'Rollo continuo de 62\u00a0mm (Brother QL)',
    LABEL_4X3_IN: 'Etiqueta de 4\u00a0×\u00a03\u00a0in (Zebra, Dymo)',
    A6: 'Papel A6 (105\u00a0×\u00a0148\u00a0mm)',
  },
  kiosk: {
    print: 'Imprimir mi tarjeta',
    printing: 'Su tarjeta se está imprimiendo: recójala en la impresora.',
    printAgain: 'Imprimirla de nuevo',
  },
} satisfies Catalogue<typeof english>;
