// The person types, apart from their schemas: the kiosk's first screen needs the lists
// without loading zod and every schema (shared/package.json has sideEffects: false, so a
// module imported only for a constant must not build schemas at load time).

export const visitorTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE', 'RESIDENT'] as const;
export type VisitorType = (typeof visitorTypes)[number];
export const wizardVisitorTypes = ['VISITOR', 'CONTRACTOR', 'EMPLOYEE'] as const;
export type WizardVisitorType = (typeof wizardVisitorTypes)[number];

/** Whether a stored or received person type is one of the product's. */
export function isVisitorType(value: string): value is VisitorType {
  return (visitorTypes as readonly string[]).includes(value);
}

/** Whether a stored or received person type is one the check-in wizard serves. */
export function isWizardVisitorType(value: string): value is WizardVisitorType {
  return (wizardVisitorTypes as readonly string[]).includes(value);
}
