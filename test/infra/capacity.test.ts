// The programme's size is a deploy setting (`-c families=N -c classes=N`): the route throttles and the table's
// warm throughput the stack deploys are the capacity plan's at that size, and a size that is not a count fails
// the synth.
import { App } from 'aws-cdk-lib';
import { registrationDay, routeThrottles } from '../../infra/capacity';
import { peakThroughput } from '../../infra/capacity-limits';
import { functionPath, routeKey } from '../../infra/routes';
import { portalSettings } from '../../infra/settings';
import { synthesizePortal } from './synthesize';

const district = registrationDay({ families: 10_000, classes: 80 });
const { template } = synthesizePortal({ context: { families: '10000', classes: '80' } });

test('10,000 families: every user route is throttled at the plan’s 4,800 calls a second, public ones at 2,400', () => {
  expect(routeThrottles(district)).toMatchObject({
    user: { rateLimit: 4800, burstLimit: 9600 },
    public: { rateLimit: 2400, burstLimit: 4800 },
  });
  template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
    RouteSettings: {
      [routeKey({ method: 'POST', path: functionPath('myEnrollments') })]: {
        ThrottlingRateLimit: 4800,
        ThrottlingBurstLimit: 9600,
      },
      [routeKey({ method: 'POST', path: functionPath('availableEnrollmentClasses') })]: {
        ThrottlingRateLimit: 2400,
        ThrottlingBurstLimit: 4800,
      },
    },
  });
});

test('10,000 families: the table and its indexes are warmed to the plan’s peak before the day', () => {
  const peak = peakThroughput(district);
  const warm = { WriteUnitsPerSecond: peak.writeUnits, ReadUnitsPerSecond: peak.readUnits };
  const table = Object.values(template.findResources('AWS::DynamoDB::GlobalTable'))[0]!.Properties;
  expect(table.WarmThroughput).toEqual(warm);
  expect(table.GlobalSecondaryIndexes.map((index: { WarmThroughput: unknown }) => index.WarmThroughput)).toEqual([
    warm,
    warm,
  ]);
});

test.each([
  [{ families: 'many' }, /families must be a whole number from 1 to 1,000,000, not "many"/],
  [{ families: '0' }, /families must be a whole number/],
  [{ families: '2.5' }, /families must be a whole number/],
  [{ classes: '-3' }, /classes must be a whole number from 1 to 10,000/],
])('%p is refused', (context, message) => {
  expect(() => portalSettings(new App({ context }))).toThrow(message);
});

test('without the setting, the plan’s 1,000 families', () => {
  expect(portalSettings(new App()).size).toEqual({});
  expect(registrationDay({}).families).toBe(1000);
});
