import { endpoint } from './endpoint.ts';

export const syncContract = {
  // filled by the move of the sync routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
