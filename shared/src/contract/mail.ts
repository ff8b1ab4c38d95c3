import { endpoint } from './endpoint.ts';

export const mailContract = {
  // filled by the move of the mail routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
