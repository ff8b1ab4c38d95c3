// The person types, apart from their schemas: the kiosk's first screen needs the lists
// without loading zod and every schema (shared/package.json has sideEffects: false, so a
// module imported only for a constant must not build schemas at load time).

export const visitorTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT'] as const;
export type VisitorType = (typeof visitorTypes)[number];
export const wizardVisitorTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'] as const;
export type WizardVisitorType = (typeof wizardVisitorTypes)[number];
