import { endpoint } from './endpoint.ts';

export const devicesContract = {
  // filled by the move of the devices routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
