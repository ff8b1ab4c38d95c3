import type { csv as english } from '../en/csv.ts';
import type { Catalogue } from '../index.ts';

/** Column headings of the CSV files (written by the server; the people import reads them too). */
export const csv = {
  /** Column headings of the users.csv file. */
  users: {
    username: 'Nombre de usuario',
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    role: 'Rol',
    language: 'Idioma',
    verified: 'Verificado',
    blocked: 'Bloqueado',
    createdAt: 'Creado',
    yes: 'sí',
    no: 'no',
  },
  /** Column headings of the people.csv file. */
  people: {
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    visitorType: 'Tipo',
    companyName: 'Empresa',
    jobTitle: 'Cargo',
    department: 'Departamento',
    externalId: 'Identificador externo',
    defaultDuration: 'Duración predeterminada',
    validFrom: 'Válido desde',
    validTo: 'Válido hasta',
    buildingId: 'Identificador del edificio',
    building: 'Edificio',
    language: 'Idioma',
    active: 'Activo',
    createdAt: 'Creado',
    yes: 'sí',
    no: 'no',
  },
} satisfies Catalogue<typeof english>;
