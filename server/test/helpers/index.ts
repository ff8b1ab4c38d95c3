// Test worlds other packages build on the server's database (the benchmarks' companies,
// buildings, users and enrolled kiosks), as the server's own tests make them.
export {
  assignBuildings,
  createBuilding,
  createQuestion,
  createQuestionnaire,
  createTenant,
  createUser,
  linkEntryQuestionnaire,
  qrCodeKeyOf,
  setBuildingSettings,
} from './factories.ts';
export { enrolledKiosk, enrolmentCode } from './test-app.ts';
export { TEST_PASSWORD, createFloor } from './factories.ts';
export { encodePng, plainPng } from '../../src/db/seed/png.ts';
export { type TestOidcProvider, TEST_ROLE_CLAIM, startOidcProvider } from './oidcProvider.ts';
