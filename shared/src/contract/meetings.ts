import { endpoint } from './endpoint.ts';

export const meetingsContract = {
  // filled by the move of the meetings routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
