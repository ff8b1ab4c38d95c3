import type { csv as english } from '../en/csv.ts';
import type { Catalogue } from '../index.ts';

/** Column headings of the CSV files (written by the server; the people import reads them too). */
export const csv = {
  /** Column headings of the users.csv file. */
  users: {
    username: "Nom d'utilisateur",
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Courriel',
    phone: 'Téléphone',
    role: 'Rôle',
    language: 'Langue',
    verified: 'Vérifié',
    blocked: 'Bloqué',
    createdAt: 'Créé le',
    yes: 'oui',
    no: 'non',
  },
  /** Column headings of the people.csv file. */
  people: {
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Courriel',
    phone: 'Téléphone',
    visitorType: 'Type',
    companyName: 'Entreprise',
    jobTitle: 'Poste',
    department: 'Service',
    externalId: 'Identifiant externe',
    defaultDuration: 'Durée par défaut',
    validFrom: 'Valide du',
    validTo: 'Valide jusqu’au',
    buildingId: 'Identifiant du bâtiment',
    building: 'Bâtiment',
    language: 'Langue',
    active: 'Actif',
    createdAt: 'Créé le',
    yes: 'oui',
    no: 'non',
  },
} satisfies Catalogue<typeof english>;
