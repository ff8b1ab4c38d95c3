import type { pages as english } from '../en/pages.ts';
import type { Catalogue } from '../index.ts';

export const pages = {
  checkInOut: {
    title: 'Registro de entradas',
    description:
      'Registre las entradas y salidas de los visitantes, vea quién está en sus edificios y gestione las reuniones.',
  },
  tenants: {
    title: 'Empresas',
    description: 'Cree y gestione las empresas que usan Vestibule, con sus licencias y su límite de edificios.',
  },
  users: {
    title: 'Usuarios',
    description: 'Gestione las cuentas de usuario, sus roles, sus edificios y sus contraseñas.',
  },
  people: {
    title: 'Personas',
    description: 'Mantenga el directorio de empleados, contratistas y residentes, con sus pases de acceso.',
  },
  buildings: {
    title: 'Edificios',
    description: 'Configure los edificios, sus opciones de registro, quioscos, cámaras y códigos QR.',
  },
  floors: {
    title: 'Plantas',
    description: 'Suba los planos de planta y dibuje los espacios que se pueden reservar.',
  },
  floorPrint: {
    title: 'Plano de planta',
    description: 'Imprima el plano de una planta con sus espacios.',
  },
  questionnaires: {
    title: 'Cuestionarios',
    description: 'Redacte las preguntas que los visitantes responden al entrar o al salir.',
  },
  tests: {
    title: 'Pruebas',
    description: 'Ejecute pruebas de rendimiento del servicio.',
  },
  logs: {
    title: 'Registros',
    description: 'Consulte el historial de cambios realizados en Vestibule.',
  },
  spaces: {
    title: 'Espacios',
    description: 'Gestione las salas y los puestos de cada planta, con sus aprobadores.',
  },
  buildingReports: {
    title: 'Informe de edificios',
    description: 'Siga la ocupación de sus edificios a lo largo del tiempo.',
  },
  visitReports: {
    title: 'Informe de entradas',
    description: 'Analice las entradas y salidas de sus edificios.',
  },
  absenceReports: {
    title: 'Asistencia y ausencias',
    description: 'Vea quién estaba previsto y no vino.',
  },
  spaceCalendar: {
    title: 'Calendario de reservas',
    description: 'Reserve salas y puestos por día o por semana, e invite a los asistentes.',
  },
  spaceMap: {
    title: 'Mapa de reservas',
    description: 'Encuentre una sala o un puesto libre en el plano de planta y resérvelo.',
  },
  spaceApproval: {
    title: 'Aprobación de reserva',
    description: 'Apruebe o rechace una solicitud de reserva.',
  },
  spaceCheckIn: {
    title: 'Espacio',
    description: 'Regístrese en su reserva de este espacio.',
  },
  spaceQr: {
    title: 'Código QR de un espacio',
    description: 'Imprima el código QR que abre la página de un espacio.',
  },
  spaceExport: {
    title: 'Exportación de reserva',
    description: 'Descargue una reserva como archivo ICS, como PDF o como evento de Google Calendar.',
  },
  booking: {
    title: 'Mis reservas',
    description: 'Reserve los espacios que necesita.',
  },
  profile: {
    title: 'Mi perfil',
    description: 'Actualice su nombre, su idioma, sus formatos de fecha y hora, su edificio favorito y su contraseña.',
  },
  verify: {
    title: 'Verificar su cuenta',
    description: 'Confirme su dirección de correo electrónico para activar su cuenta.',
  },
  forgot: {
    title: 'Contraseña olvidada',
    description: 'Reciba un correo electrónico con un enlace para elegir una nueva contraseña.',
  },
  reset: {
    title: 'Elegir una nueva contraseña',
    description: 'Defina la nueva contraseña de su cuenta.',
  },
} satisfies Catalogue<typeof english>;
