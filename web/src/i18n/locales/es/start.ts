// Compiled from the catalogues' .json by npm run i18n:compile: edit those, not this file.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'header.logo': ['Logotipo de la escuela de montaña'],
  'header.title': ['Portal de inscripciones'],
  'header.titleShort': ['Portal'],
  'header.account': ['Cuenta'],
  'header.signIn': ['Registrarse / Iniciar sesión'],
  'language.control': ['Idioma'],
  'auth.session.ended': ['Su sesión terminó. Inicie sesión de nuevo para volver a la página donde estaba.'],
  'auth.session.rolesUnavailable': ['No se pudieron cargar los permisos de la cuenta'],
  'auth.admin.secondFactorLoad': ['Su segundo factor'],
  'auth.admin.secondFactorTitle': ['Active su segundo factor'],
  'auth.admin.secondFactorWhy': [
    'Los administradores ven las notas de salud y los contactos de emergencia de los niños, así que las pantallas de administración piden, además de la contraseña, un código de una aplicación de autenticación.',
  ],
  'auth.admin.secondFactorSetUp': ['Configurarlo en Administrar cuenta'],
  'start.skipToMain': ['Saltar al contenido principal'],
  'start.waiting': ['Cargando'],
  'start.footer.rights': ['© 2025 Mountain School Programme. Todos los derechos reservados.'],
  'start.footer.privacy': ['Aviso de privacidad'],
  'start.footer.help': ['¿Necesita ayuda? Escriba a <0>', ['email'], '</0>'],
  'start.announcement.label': ['Aviso'],
  'start.announcement.dismiss': ['Cerrar el aviso'],
  'start.userMenu.label': ['Menú de la cuenta'],
  'start.userMenu.noEmail': ['Correo del usuario'],
  'start.userMenu.enrollments': ['Inscripciones'],
  'start.userMenu.manageAccount': ['Administrar cuenta'],
  'start.userMenu.signOut': ['Cerrar sesión'],
  'start.loadFailure.text': [['what'], ': no se pudo cargar. ', ['message']],
  'start.loadFailure.retry': ['Reintentar'],
  'start.toast.close': ['Cerrar'],
  'start.configFailure': ['El portal no pudo cargar su configuración. Vuelva a cargar la página en un momento.'],
  'start.invitation.guardian': [
    'Recibió una invitación para ser tutor/a de una familia. Cree su cuenta con el correo electrónico al que llegó la invitación, o inicie sesión si ya tiene una: la invitación se abrirá de nuevo para que la acepte.',
  ],
  'start.invitation.instructor': [
    'Recibió una invitación para dar clases. Cree su cuenta con el correo electrónico al que llegó la invitación, o inicie sesión si ya tiene una: la invitación se abrirá de nuevo para que la acepte.',
  ],
};
