import { common } from './common.ts';
import { errors } from './errors.ts';

export const en = { common, errors };
