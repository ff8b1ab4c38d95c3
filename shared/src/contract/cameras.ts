import { endpoint } from './endpoint.ts';

export const camerasContract = {
  // filled by the move of the cameras routes
} satisfies Record<string, ReturnType<typeof endpoint>>;
