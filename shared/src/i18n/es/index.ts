import type { Catalogue, Resources } from '../index.ts';
import { common } from './common.ts';
import { errors } from './errors.ts';

export const es = { common, errors } satisfies Catalogue<Resources>;
