import { authContract } from './auth.ts';
import type { EndpointKey } from './endpoint.ts';
import { systemContract } from './system.ts';
import { tenantsContract } from './tenants.ts';
import { usersContract } from './users.ts';

export * from './endpoint.ts';

/** Every call of the service, by method and path (under /service). */
export const contract = {
  ...systemContract,
  ...authContract,
  ...tenantsContract,
  ...usersContract,
};

export type Contract = typeof contract;
export type ContractKey = keyof Contract & EndpointKey;
