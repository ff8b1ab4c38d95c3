import type { shell as english } from '../en/shell.ts';
import type { Catalogue } from '../index.ts';

export const shell = {
  skipToContent: 'Ir al contenido principal',
  home: 'Página de inicio de Vestibule',
  newTab: '{{label}} (se abre en una pestaña nueva)',
  nav: {
    main: 'Menú principal',
    mobile: 'Menú',
    open: 'Abrir el menú',
  },
  menu: {
    entryLog: 'Registro de entradas',
    evacuation: 'Evacuación',
    spaces: 'Espacios',
    spaceCalendar: 'Calendario de reservas',
    spaceMap: 'Mapa de reservas',
    myBookings: 'Mis reservas',
    reports: 'Informes',
    buildingReports: 'Informe de edificios',
    visitReports: 'Informe de entradas',
    absenceReports: 'Asistencia y ausencias',
    profile: 'Mi perfil',
    admin: 'Administración',
    tenants: 'Empresas',
    users: 'Usuarios',
    people: 'Personas',
    buildings: 'Edificios',
    cities: 'Ciudades',
    privacy: 'Privacidad',
    watchlist: 'Lista de vigilancia',
    integrations: 'Integraciones',
    floors: 'Plantas',
    questionnaires: 'Cuestionarios',
    tests: 'Pruebas',
    logs: 'Registros',
    about: 'Acerca de',
    signUp: 'Registrarse',
    logIn: 'Iniciar sesión',
    help: 'Ayuda',
  },
  logout: 'Cerrar sesión ({{username}})',
  theme: {
    dark: 'Tema oscuro',
  },
  language: {
    label: 'Idioma',
    current: 'Idioma: {{language}}',
  },
  tenant: {
    current: 'Empresa: {{name}}. Elegir otra empresa',
    none: 'Ninguna empresa seleccionada',
    noneLabel: 'Ninguna empresa seleccionada. Elegir una empresa',
    dialogTitle: 'Elegir una empresa',
    field: 'Empresa',
    confirm: 'Elegir',
    empty: 'No hay ninguna empresa disponible.',
  },
  footer: {
    version: 'Versión {{version}}',
  },
  banners: {
    close: 'Cerrar el mensaje',
  },
  loading: {
    text: 'Cargando, espere por favor.',
  },
  landing: {
    title: 'Bienvenido a Vestibule',
    text: 'La recepción de visitantes y el acceso a los edificios de cada empresa: entradas y salidas, reuniones, personas, espacios e informes.',
    logIn: 'Iniciar sesión',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que busca no existe o se ha movido.',
    home: 'Ir a la página de inicio',
  },
  accessDenied: {
    title: 'Acceso denegado',
    text: 'No tiene permisos para esta página o no se pueden determinar sus roles.',
    home: 'Ir a la página de inicio',
  },
  /** A supervisor, user or space user without any assigned building (docs/roles.md, "Which company, which buildings"). */
  noBuildingAssigned: 'No tiene acceso a los datos de ningún edificio. Pida a su administrador que le asigne uno.',
  impersonation: {
    text: 'Está trabajando como {{username}}. Todo lo que haga queda registrado como hecho por {{administrator}} en su nombre.',
    return: 'Volver a {{administrator}}',
    end: 'Terminar esta sesión',
  },
  tenantRequired: {
    title: 'Elegir una empresa',
    textSelector: 'Esta página muestra los datos de una empresa. Elija la empresa con la que desea trabajar.',
    textNoTenant:
      'Su cuenta no está vinculada a ninguna empresa, por lo que esta página no se puede mostrar. Póngase en contacto con su administrador.',
    action: 'Elegir una empresa',
    loading: 'Cargando su empresa…',
  },
  about: {
    title: 'Acerca de Vestibule',
    text: 'Vestibule gestiona los visitantes, contratistas, empleados y residentes que entran y salen de sus edificios.',
    redirecting: 'Abriendo la documentación…',
    link: 'Abrir la documentación',
  },
  help: {
    title: 'Ayuda',
    text: 'La documentación de Vestibule explica cada pantalla paso a paso.',
    link: 'Abrir la ayuda',
  },
  signUp: {
    title: 'Registrarse',
    text: 'Las cuentas de Vestibule las crea el administrador de su empresa. Pídale una invitación: recibirá un correo electrónico para verificar su cuenta y elegir su contraseña.',
    logIn: 'Ya tengo una cuenta',
  },
  redirect: {
    title: 'Redirigiendo…',
  },
  crash: {
    title: 'Algo ha fallado',
    text: 'Se ha producido un error inesperado. Vuelva a cargar la página para intentarlo de nuevo.',
    reload: 'Volver a cargar la página',
  },
} satisfies Catalogue<typeof english>;
