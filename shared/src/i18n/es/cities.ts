import type { cities as english } from '../en/cities.ts';
import type { Catalogue } from '../index.ts';

export const cities = {
  title: 'Ciudades',
  intro: 'Los formularios de dirección de la empresa sugieren estos nombres.',
  search: 'Buscar ciudades',
  add: 'Añadir una ciudad',
  caption: 'Ciudades de la empresa',
  pages: 'Páginas de ciudades',
  name: 'Ciudad',
  actions: 'Acciones',
  rename: 'Cambiar el nombre de {{name}}',
  delete: 'Eliminar {{name}}',
  empty: 'Todavía no hay ciudades.',
  noMatch: 'Ninguna ciudad coincide con la búsqueda.',
  addTitle: 'Añadir una ciudad',
  renameTitle: 'Cambiar el nombre de la ciudad',
  deleteTitle: 'Eliminar la ciudad',
  deleteText: '¿Eliminar {{name}}? Las direcciones que la nombran la conservan.',
  deleteConfirm: 'Eliminar',
} satisfies Catalogue<typeof english>;
