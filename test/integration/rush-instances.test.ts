// The registration rush (test/support/registrationRush.ts) with the functions as Lambda runs them: a second
// portal with PORTAL_LAMBDA_INSTANCES=on, so each call runs in an instance of its own and no guarantee can
// rest on one process's memory. It starts a DynamoDB Local of its own, as the conflicts test does (late in
// the suite, the test stack's engine answers a rush worse than DynamoDB does). It prints the instances the
// rush used and their cold starts: on 2 CPUs a burst of cold starts shares them, where Lambda gives each its own.
import { expectRushInArrivalOrder, RUSH_TITLE } from '../support/registrationRush';
import { busyAnswers, stackEnvironment, startStack, type RunningStack } from '../support/stack-setup';
import { instancesUsed } from '../support/lambdaSummary';

let second: RunningStack;

beforeAll(async () => {
  second = await startStack({ PORTAL_LAMBDA_INSTANCES: 'on', PORTAL_DYNAMODB_CONFLICTS_HOLD_MS: '' });
  // The test helpers (admin, families, classes) talk to the second portal from here on.
  Object.assign(process.env, stackEnvironment(second));
}, 120_000);

afterAll(async () => {
  if (second) {
    console.log(`the instances portal's functions: ${await instancesUsed(second.info.url)}`);
    const busy = Object.entries(busyAnswers(second.output()));
    if (busy.length)
      console.log(`the instances portal answered busy: ${busy.map(([what, count]) => `${what} ×${count}`).join(', ')}`);
  }
  await second?.stop();
});

// The families are made a few at a time: 67 first calls at once are 67 cold starts sharing 2 CPUs (4 s each),
// and a third of the calls then ran past the 10 s timeout. Families sign up over weeks, not in one second.
const FAMILIES_AT_ONCE = 8;

test(RUSH_TITLE, () => expectRushInArrivalOrder('instances', FAMILIES_AT_ONCE), 240_000);
