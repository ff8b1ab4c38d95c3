import { endpoint } from './endpoint.ts';

export const buildingsContract = {
  // filled by the move of the buildings routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
