import { common } from './common.ts';
import { errors } from './errors.ts';
import { publicPages } from './publicPages.ts';
import { login } from './login.ts';
import { pages } from './pages.ts';
import { shell } from './shell.ts';

export const en = { common, errors, publicPages, shell, login, pages };
