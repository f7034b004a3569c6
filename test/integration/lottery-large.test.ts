// The draw and its publication at the large seed's size through the stack: 60 classes, 1,500 requests of 500
// families (written straight into the table), drawn and published through the API as the administrator's page
// does. Every class then holds exactly the draw's placements, and every family that got no seat has its loss.
import { classesOfSemester } from '../../lambdas/catalogue/classes';
import { lossesOf } from '../../lambdas/lottery/records/lotteryLosses';
import type { DrawExport } from '../../lambdas/contract/lottery/drawExport';
import { adminSession, openSemester } from '../support/fixtures';
import { closedLottery, drawAndPublish, LARGE, writeLargeLottery } from '../support/largeLottery';
import { data } from '../support/portal';

test('a draw of 1,500 requests over 60 classes is published whole: each class holds what the draw gave it', async () => {
  const admin = (await adminSession()).accessToken;
  const semester = await openSemester();
  await writeLargeLottery(semester.id);
  await data('saveAllocationSettings', closedLottery(semester.id), admin);

  const { draw } = await drawAndPublish(semester.id, admin);
  expect(draw.summary.requests).toBe(LARGE.families * LARGE.children);
  const { export: exported } = await data<{ export: DrawExport }>(
    'lotteryDraw',
    { semesterId: semester.id, withExport: true },
    admin,
  );
  const expected = new Map<string, { enrolled: number; waitlisted: number }>();
  for (const { outcome, choice } of exported.result.placements) {
    if (!choice || outcome === 'unplaced') continue;
    const counts = expected.get(choice.id) ?? { enrolled: 0, waitlisted: 0 };
    counts[outcome] += 1;
    expected.set(choice.id, counts);
  }
  const classes = await classesOfSemester(semester.id);
  expect(classes).toHaveLength(LARGE.classes);
  for (const cls of classes)
    expect({ id: cls.id, enrolled: cls.enrolled, waitlisted: cls.waitlisted }).toEqual({
      id: cls.id,
      ...(expected.get(cls.id) ?? { enrolled: 0, waitlisted: 0 }),
    });

  const byFamily = new Map<string, string[]>();
  for (const { familyId, outcome } of exported.result.placements)
    byFamily.set(familyId, [...(byFamily.get(familyId) ?? []), outcome]);
  const losers = [...byFamily].filter(
    ([, outcomes]) => outcomes.includes('waitlisted') && !outcomes.includes('enrolled'),
  );
  const losses = await lossesOf([...byFamily.keys()]);
  expect([...losses.keys()].sort()).toEqual(losers.map(([familyId]) => familyId).sort());
});
