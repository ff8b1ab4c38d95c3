// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed.
export const forgotPassword = {
  intro: 'Introduzca el correo electrónico de su cuenta: le enviaremos un enlace para elegir una nueva contraseña.',
  email: 'Correo electrónico',
  submit: 'Enviar el enlace',
  RESET_EMAIL_SENT:
    'Si una cuenta usa {{email}}, le llegará un correo electrónico con un enlace para elegir una nueva contraseña. El enlace funciona una vez, durante {{minutes}} minutos.',
  backToLogin: 'Volver a iniciar sesión',
};
export const resetPassword = {
  intro: 'Elija una nueva contraseña para la cuenta {{username}}.',
  password: 'Nueva contraseña',
  confirmPassword: 'Confirme la nueva contraseña',
  showPassword: 'Mostrar la nueva contraseña',
  showConfirmation: 'Mostrar la confirmación',
  submit: 'Cambiar la contraseña',
  PASSWORD_CHANGED: 'Su contraseña se ha cambiado. Inicie sesión con la nueva.',
  newLink: 'Pedir un nuevo enlace',
  retry: 'Reintentar',
};
export const verify = {
  greeting: 'Hola, {{username}}:',
  intro: 'Confirme su dirección de correo electrónico para activar su cuenta.',
  choosePassword: 'Elija la contraseña con la que iniciará sesión.',
  submit: 'Verificar',
  EMAIL_VERIFIED: 'Su dirección de correo electrónico está verificada. Ya puede iniciar sesión.',
  toLogin: 'Ir a iniciar sesión',
};
export const passwordRules = {
  title: 'Su contraseña necesita',
  minLength: 'al menos {{min}} caracteres',
  uppercase: 'una letra mayúscula',
  lowercase: 'una letra minúscula',
  number: 'un número',
  special: 'uno de {{characters}}',
  met: 'cumplido',
  unmet: 'falta',
  notMet: 'La contraseña no cumple todas las reglas.',
};
