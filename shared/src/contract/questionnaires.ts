import { endpoint } from './endpoint.ts';

export const questionnairesContract = {
  // filled by the move of the questionnaires routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
