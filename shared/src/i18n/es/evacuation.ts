import type { evacuation as english } from '../en/evacuation.ts';
import type { Catalogue } from '../index.ts';

/** La lista de evacuación: la pantalla de administración (/evacuation) y la pantalla del personal de un quiosco. */
export const evacuation = {
  title: 'Lista de evacuación',
  building: 'Edificio',
  noBuilding: 'No tiene ningún edificio del que mostrar una lista de evacuación.',
  inside_one: '{{count}} persona dentro',
  inside_other: '{{count}} personas dentro',
  listOf: 'Lista a fecha de {{time}}',
  live: 'Se actualiza con cada entrada y salida.',
  refresh: 'Actualizar',
  print: 'Imprimir',
  empty: 'No hay nadie en este edificio.',
  emptyGroup: 'Ninguna',
  loadFailed: 'No se pudo cargar la lista de evacuación.',
  groups: {
    VISITOR: 'Visitantes',
    CONTRACTOR: 'Contratistas',
    EMPLOYEE: 'Empleados',
    RESIDENT: 'Residentes',
  },
  groupCaption: '{{group}}: {{count}}',
  columns: {
    safe: 'A salvo',
    name: 'Nombre',
    company: 'Empresa',
    host: 'Anfitrión',
    checkedIn: 'Entrada',
  },
  unnamed: 'Sin nombre',
  noHost: '—',
  rollCall: {
    start: 'Empezar el recuento',
    end: 'Terminar el recuento',
    clear: 'Borrar todas las marcas',
    markSafe: '{{name}} está a salvo',
    accounted: '{{accounted}} de {{total}} localizadas',
    allAccounted: 'Todas las personas están localizadas.',
    missing_one: '{{count}} persona aún sin localizar.',
    missing_other: '{{count}} personas aún sin localizar.',
    kept: 'Las marcas se guardan en esta pestaña del navegador hasta que termine el recuento.',
  },
  kiosk: {
    open: 'Lista de evacuación',
    title: 'Lista de evacuación',
    source:
      'Según la lista de este quiosco a fecha de {{time}} y las entradas y salidas registradas en él desde entonces.',
    sourceNever: 'Según las entradas y salidas registradas en este quiosco (aún no ha recibido la lista del edificio).',
    offline: 'Sin conexión: no se tienen en cuenta las personas que entraron o salieron por otro lugar desde entonces.',
    back: 'Volver a la pantalla del personal',
  },
} satisfies Catalogue<typeof english>;
