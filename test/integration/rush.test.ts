// The registration rush on the test stack (test/support/registrationRush.ts).
import { expectRushInArrivalOrder, RUSH_TITLE } from '../support/registrationRush';

test(RUSH_TITLE, () => expectRushInArrivalOrder('rush'));
