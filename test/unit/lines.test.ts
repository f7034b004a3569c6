// The lines of enrollment requests (lambdas/catalogue/lines.ts), for any classes and groups: the classes a
// group names share a line, classes that no chain of groups joins keep lines apart, and a line is named by
// its smallest class id (a class in no group: its own id).
import fc from 'fast-check';
import { linesOf } from '../../lambdas/catalogue/lines';

const classIds = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'];
const groups = fc.array(
  fc.uniqueArray(fc.constantFrom(...classIds), { minLength: 2, maxLength: 3 }).map((ids) => ({ classIds: ids })),
  { maxLength: 5 },
);

/** Whether a chain of groups joins two classes, by a plain search. */
function joined(from: string, to: string, groupList: Array<{ classIds: string[] }>): boolean {
  const reached = new Set([from]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const group of groupList) {
      if (group.classIds.some((id) => reached.has(id)) && group.classIds.some((id) => !reached.has(id))) {
        for (const id of group.classIds) reached.add(id);
        grown = true;
      }
    }
  }
  return reached.has(to);
}

test('two classes share a line exactly when groups join them, and the line is the smallest class id among them', () => {
  fc.assert(
    fc.property(groups, (groupList) => {
      const lines = linesOf(classIds, groupList);
      for (const a of classIds) {
        const joinedToA = classIds.filter((b) => joined(a, b, groupList));
        expect(lines.get(a)).toBe([...joinedToA].sort()[0]);
        for (const b of classIds) expect(lines.get(a) === lines.get(b)).toBe(joined(a, b, groupList));
      }
    }),
  );
});

test('given no groups, then every class is a line of its own', () => {
  expect(linesOf(['b', 'a'], [])).toEqual(
    new Map([
      ['b', 'b'],
      ['a', 'a'],
    ]),
  );
});

test('given groups that chain three classes, then all three wait in the line of the smallest id', () => {
  const lines = linesOf(['z', 'y', 'x', 'w'], [{ classIds: ['z', 'y'] }, { classIds: ['y', 'x'] }]);
  expect(Object.fromEntries(lines)).toEqual({ z: 'x', y: 'x', x: 'x', w: 'w' });
});
