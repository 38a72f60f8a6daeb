// Every page of the app, part 2 of 5: planning (layouts, crop rotation, harvests) and Settings,
// as a superadmin with a garden full of things. What every route gets: support/every-page.ts.

import { describeEveryPage, signedInAreas } from '../support/every-page';

describeEveryPage('every page: planning and settings (axe-core at 1280 and 390 px in both themes; fits at 360, 390 and 768 px)', {
  area: 'planning',
  signedIn: signedInAreas.planning,
});
