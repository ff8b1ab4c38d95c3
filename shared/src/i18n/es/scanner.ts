import type { scanner as english } from '../en/scanner.ts';
import type { Catalogue } from '../index.ts';

export const scanner = {
  title: 'Escanee su código QR',
  instructions: {
    entry: 'Coloque el código QR de su invitación o de su visita delante de la cámara.',
    exit: 'Coloque el código QR de su visita delante de la cámara.',
  },
  camera: 'Cámara',
  cameraNumber: 'Cámara {{number}}',
  preview: 'Imagen de la cámara',
  starting: 'Iniciando la cámara…',
  scanning: 'Buscando un código QR…',
  read: 'Código leído.',
  notOurCode: 'Este código no es un código de visita de Vestibule.',
  unsupported: 'Este dispositivo no puede usar su cámara aquí. Introduzca su código de visita a continuación.',
  denied: 'La cámara no está autorizada. Introduzca su código de visita a continuación.',
  noCamera: 'No se ha encontrado ninguna cámara. Introduzca su código de visita a continuación.',
  cameraFailed: 'No se ha podido iniciar la cámara. Introduzca su código de visita a continuación.',
  tryAgain: 'Volver a probar la cámara',
  manual: {
    title: '¿No tiene código QR?',
    label: 'Introduzca su código de visita',
    hint: '8 letras y cifras.',
    invalid: 'Esto no es un código de visita. Revise las 8 letras y cifras.',
    submit: 'Enviar',
  },
  cancel: 'Cancelar',
} satisfies Catalogue<typeof english>;
