import { endpoint } from './endpoint.ts';

export const checkinContract = {
  // filled by the move of the checkin routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
