// Every page of the app, part 3 of 5: the administration, as a superadmin with a garden full of
// things. What every route gets: support/every-page.ts.

import { describeEveryPage, signedInAreas } from '../support/every-page';

describeEveryPage('every page: administration (axe-core at 1280 and 390 px in both themes; fits at 360, 390 and 768 px)', {
  area: 'admin',
  signedIn: signedInAreas.admin,
});
