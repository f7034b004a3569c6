// A place in line told from the line's milestones: the requests ahead of the milestone before it when the queue was
// read, less those decided since from the front, and a count of the requests from the milestone to its own. For any
// line, any requests decided since and any request still in it, that is its place counted from the front.
import fc from 'fast-check';
import {
  MAX_COUNTED,
  MILESTONE_STEP,
  milestoneBefore,
  milestonesOf,
  placeFrom,
} from '../../lambdas/enrollment/lineMilestones';

/** The place of `own` told as placeInQueue tells it from the milestones of `keys`, with `pending` in the queue now. */
function placeFromMilestones(keys: string[], pending: string[], own: string, decidedSince: number) {
  const milestone = milestoneBefore({ keys: milestonesOf(keys) }, own);
  const counted = pending.filter((key) => key >= (milestone?.key ?? '') && key <= own).length;
  return { counted, place: placeFrom(milestone?.ahead ?? 0, decidedSince, counted) };
}

const line = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 300 })
  .map((keys) => [...keys].sort());

test('for any line and any number decided from its front since it was read, each request still in line is told its place, counting at most MAX_COUNTED', () => {
  fc.assert(
    fc.property(line, fc.nat(300), (keys, decidedSince) => {
      const pending = keys.slice(Math.min(decidedSince, keys.length));
      pending.forEach((own, index) => {
        const { place, counted } = placeFromMilestones(keys, pending, own, keys.length - pending.length);
        expect(place).toBe(index + 1);
        expect(counted).toBeLessThanOrEqual(MILESTONE_STEP);
        expect(counted).toBeLessThanOrEqual(MAX_COUNTED);
      });
    }),
  );
});

test('a request that came into the line before its first milestone since is counted from the line’s start', () => {
  const keys = Array.from({ length: 60 }, (_, index) => `b${String(index).padStart(3, '0')}`);
  const late = 'a';
  expect(milestoneBefore({ keys: milestonesOf(keys) }, late)).toBeUndefined();
  expect(placeFromMilestones(keys, [late, ...keys], late, 0).place).toBe(1);
});

test('the milestones are the first request and every MILESTONE_STEP-th after it, each with the requests ahead of it', () => {
  const keys = Array.from({ length: 2 * MILESTONE_STEP + 1 }, (_, index) => String(index).padStart(3, '0'));
  const milestones = { keys: milestonesOf(keys) };
  expect(milestones.keys).toEqual([keys[0], keys[MILESTONE_STEP], keys[2 * MILESTONE_STEP]]);
  expect(milestoneBefore(milestones, keys[MILESTONE_STEP - 1]!)).toEqual({ key: keys[0], ahead: 0 });
  expect(milestoneBefore(milestones, keys[MILESTONE_STEP]!)).toEqual({
    key: keys[MILESTONE_STEP],
    ahead: MILESTONE_STEP,
  });
  expect(milestoneBefore(milestones, 'zzz')).toEqual({ key: keys[2 * MILESTONE_STEP], ahead: 2 * MILESTONE_STEP });
});
