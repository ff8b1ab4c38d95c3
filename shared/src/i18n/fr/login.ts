import type { login as english } from '../en/login.ts';
import type { Catalogue } from '../index.ts';

export const login = {
  title: 'Connexion',
  intro: 'Connectez-vous avec votre compte Vestibule.',
  username: 'Nom d’utilisateur',
  password: 'Mot de passe',
  showPassword: 'Afficher le mot de passe',
  submit: 'Se connecter',
  forgot: 'Mot de passe oublié ?',
  LOGGED_IN_AS_SUCCESS: 'Vous êtes maintenant connecté en tant que {{username}}.',
  LOGGED_OUT_AS_SUCCESS: 'Vous n’êtes plus connecté en tant que {{username}}.',
  IDLE_SIGNED_OUT: 'Vous avez été déconnecté après {{minutes}} minutes sans activité.',
  singleSignOn: {
    start: 'Se connecter par authentification unique',
    separator: 'ou',
    login: 'E-mail professionnel ou société',
    hint: 'Nous trouvons la connexion de votre société à partir de votre adresse e-mail ou du nom de votre société.',
    continue: 'Continuer',
    with: 'Se connecter avec {{name}}',
    none: 'Aucune authentification unique n’est configurée pour cet e-mail ou cette société. Connectez-vous avec votre nom d’utilisateur et votre mot de passe.',
  },
  sso: {
    title: 'Connexion en cours',
    text: 'Veuillez patienter pendant que nous vous connectons…',
  },
} satisfies Catalogue<typeof english>;
