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
  kiosk: {
    print: 'Imprimir mi tarjeta',
    printing: 'Su tarjeta se está imprimiendo: recójala en la impresora.',
    printAgain: 'Imprimirla de nuevo',
  },
} satisfies Catalogue<typeof english>;
