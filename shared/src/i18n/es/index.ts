import type { Catalogue, Resources } from '../index.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';
import { login } from './login.ts';
import { pages } from './pages.ts';
import { publicPages } from './publicPages.ts';
import { shell } from './shell.ts';

export const es = { common, errors, publicPages, shell, login, pages } satisfies Catalogue<Resources>;
