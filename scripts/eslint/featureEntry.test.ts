import { ruleTester } from './ruleTester.ts';
import { featureEntry } from './featureEntry.js';

const visits = '/repo/admin/src/features/visits';

ruleTester.run('feature-entry', featureEntry, {
  valid: [
    {
      name: 'another feature through its index.ts',
      filename: `${visits}/VisitList.tsx`,
      code: "import { PeoplePage } from '../people/index.ts';",
    },
    {
      name: "the feature's own files",
      filename: `${visits}/VisitList.tsx`,
      code: "import { VisitRow } from './rows/VisitRow.tsx';",
    },
    {
      name: 'the app through an entry',
      filename: '/repo/kiosk/src/app/App.tsx',
      code: "import { CheckIn } from '../features/checkin/index.ts';",
    },
    {
      name: 'a lazy route loads one screen',
      filename: '/repo/admin/src/app/routes.tsx',
      code: "const page = () => import('../features/people/PeoplePage.tsx');",
    },
    {
      name: 'a test may reach inside',
      filename: `${visits}/VisitList.test.tsx`,
      code: "import { PeopleRow } from '../people/PeopleRow.tsx';",
    },
    {
      name: 'packages are not features',
      filename: `${visits}/VisitList.tsx`,
      code: "import { useState } from 'react';",
    },
  ],
  invalid: [
    {
      name: "another feature's file",
      filename: `${visits}/VisitList.tsx`,
      code: "import { PeopleRow } from '../people/PeopleRow.tsx';",
      errors: [{ messageId: 'deep', data: { feature: 'people', entry: '../people/index.ts', file: 'PeopleRow.tsx' } }],
    },
    {
      name: "the app importing a feature's file",
      filename: '/repo/kiosk/src/app/App.tsx',
      code: "import { CheckInFlow } from '../features/checkin/CheckInFlow.tsx';",
      errors: [{ messageId: 'deep' }],
    },
    {
      name: "re-exporting another feature's file",
      filename: `${visits}/index.ts`,
      code: "export { PeopleRow } from '../people/rows/PeopleRow.tsx';\nexport * from '../people/people.ts';",
      errors: [
        { message: "Import 'people' through its public entry (../people/index.ts), not its file rows/PeopleRow.tsx." },
        { messageId: 'deep' },
      ],
    },
  ],
});
