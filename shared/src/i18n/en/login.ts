export const login = {
  title: 'Log in',
  intro: 'Sign in with your Vestibule account.',
  username: 'Username',
  password: 'Password',
  showPassword: 'Show password',
  submit: 'Log in',
  forgot: 'Forgot your password?',
  LOGGED_IN_AS_SUCCESS: 'You are now logged in as {{username}}.',
  LOGGED_OUT_AS_SUCCESS: 'You are no longer logged in as {{username}}.',
  IDLE_SIGNED_OUT: 'You were signed out after {{minutes}} minutes without activity.',
  sso: {
    title: 'Signing you in',
    text: 'Please wait while we sign you in…',
  },
};
