import type { cities as english } from '../en/cities.ts';
import type { Catalogue } from '../index.ts';

export const cities = {
  title: 'Villes',
  intro: 'Les formulaires d’adresse de l’entreprise proposent ces noms.',
  search: 'Rechercher une ville',
  add: 'Ajouter une ville',
  caption: 'Villes de l’entreprise',
  pages: 'Pages des villes',
  name: 'Ville',
  actions: 'Actions',
  rename: 'Renommer {{name}}',
  delete: 'Supprimer {{name}}',
  empty: 'Aucune ville pour l’instant.',
  noMatch: 'Aucune ville ne correspond à la recherche.',
  addTitle: 'Ajouter une ville',
  renameTitle: 'Renommer la ville',
  deleteTitle: 'Supprimer la ville',
  deleteText: 'Supprimer {{name}} ? Les adresses qui la nomment la conservent.',
  deleteConfirm: 'Supprimer',
} satisfies Catalogue<typeof english>;
