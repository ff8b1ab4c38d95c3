import type { login as english } from '../en/login.ts';
import type { Catalogue } from '../index.ts';

export const login = {
  title: 'Iniciar sesión',
  intro: 'Inicie sesión con su cuenta de Vestibule.',
  username: 'Nombre de usuario',
  password: 'Contraseña',
  showPassword: 'Mostrar la contraseña',
  submit: 'Iniciar sesión',
  forgot: '¿Ha olvidado su contraseña?',
  LOGGED_IN_AS_SUCCESS: 'Ahora ha iniciado sesión como {{username}}.',
  LOGGED_OUT_AS_SUCCESS: 'Ya no ha iniciado sesión como {{username}}.',
  IDLE_SIGNED_OUT: 'Se cerró su sesión tras {{minutes}} minutos sin actividad.',
  singleSignOn: {
    start: 'Usar el inicio de sesión único',
    separator: 'o',
    login: 'Correo del trabajo o empresa',
    hint: 'Encontramos el acceso de su empresa a partir de su dirección de correo o del nombre de su empresa.',
    continue: 'Continuar',
    with: 'Iniciar sesión con {{name}}',
    none: 'No hay inicio de sesión único configurado para este correo o esta empresa. Inicie sesión con su nombre de usuario y contraseña.',
  },
  sso: {
    title: 'Iniciando sesión',
    text: 'Espere mientras iniciamos su sesión…',
  },
} satisfies Catalogue<typeof english>;
