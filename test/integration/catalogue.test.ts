// The public catalogue functions, against the demo data a new data dir is seeded with.
import type { Class, ClassGroup, Semester, TshirtSize } from '../../lambdas/contract/records';
import { call, data } from '../support/portal';

describe('the class catalogue', () => {
  test('given the demo data, when a visitor asks for classes without a payload, then the current semester classes come back with their seats', async () => {
    const { classes } = await data<{ classes: Class[] }>('classes');
    expect(classes.length).toBeGreaterThanOrEqual(6);
    expect(new Set(classes.map((cls) => cls.semesterId))).toEqual(new Set(['demo-current']));
    expect(new Set(classes.map((cls) => cls.capacity)).size).toBeGreaterThan(3);
    for (const cls of classes) {
      expect(cls).toMatchObject({ status: 'open', enrolled: 0, waitlisted: 0, seatsLeft: cls.capacity });
      expect(cls.meetings.length).toBeGreaterThan(0);
    }
  });

  test('given class references, when a visitor queries classes, then they come back grouped by semester and unknown ids are left out', async () => {
    const { classes } = await data<{ classes: Record<string, Class[]> }>('classes', {
      query: [{ id: 'nordic-skiing' }, { id: 'nordic-skiing-past' }, { id: 'no-such-class' }],
    });
    expect(Object.keys(classes).sort()).toEqual(['demo-current', 'demo-past']);
    expect(classes['demo-current']!.map((cls) => cls.id)).toEqual(['nordic-skiing']);
    expect(classes['demo-past']!.map((cls) => cls.id)).toEqual(['nordic-skiing-past']);
  });

  test('classesBySemester lists each semester asked for, an unknown one as empty', async () => {
    const { classes } = await data<{ classes: Record<string, Class[]> }>('classesBySemester', {
      semesters: ['demo-past', 'unknown'],
    });
    expect(classes['demo-past']!.map((cls) => cls.id).sort()).toEqual(['nordic-skiing-past', 'snowshoe-ecology-past']);
    expect(classes.unknown).toEqual([]);
  });

  test('classGroups returns the groups asked for with their classes', async () => {
    const { groups } = await data<{ groups: ClassGroup[] }>('classGroups', {
      groups: [{ id: 'winter-safety-pack' }, { id: 'backcountry-explorer' }],
    });
    expect(groups.map((group) => group.id).sort()).toEqual(['backcountry-explorer', 'winter-safety-pack']);
    expect(groups.find((group) => group.id === 'winter-safety-pack')!.classIds).toEqual([
      'avalanche-safety',
      'mountain-first-aid',
    ]);
  });

  test('availableEnrollmentClasses holds the semester open for registration, with its open classes and groups, and not the past one', async () => {
    const available =
      await data<Record<string, { classes: Class[]; groups: ClassGroup[] }>>('availableEnrollmentClasses');
    expect(Object.keys(available)).toContain('demo-current');
    expect(Object.keys(available)).not.toContain('demo-past');
    expect(available['demo-current']!.classes.length).toBeGreaterThanOrEqual(6);
    expect(available['demo-current']!.groups).toHaveLength(2);
  });

  test('semesters lists every semester newest first, exactly one of them current', async () => {
    const { semesters } = await data<{ semesters: Semester[] }>('semesters');
    const ids = semesters.map((semester) => semester.id);
    expect(ids.indexOf('demo-current')).toBeLessThan(ids.indexOf('demo-past'));
    expect(semesters.map((semester) => semester.startDate)).toEqual(
      semesters
        .map((semester) => semester.startDate)
        .sort()
        .reverse(),
    );
    expect(semesters.filter((semester) => semester.current)).toHaveLength(1);
  });

  test('tshirtSizes lists the sizes in display order', async () => {
    const { sizes } = await data<{ sizes: TshirtSize[] }>('tshirtSizes');
    expect(sizes[0]).toEqual({ code: 'YXS', label: 'Youth XS' });
    expect(sizes.map((size) => size.code)).toContain('AXL');
  });

  test('config returns the remote configuration values', async () => {
    const { values } = await data<{ values: Record<string, unknown> }>('config');
    expect(values).toMatchObject({
      contactEmail: expect.stringContaining('@'),
      studentUnitsUrl: expect.stringMatching(/^https:/),
      privacyPolicyUrl: expect.stringMatching(/^https:/),
    });
  });

  test('public functions answer a visitor and a signed-in user alike', async () => {
    expect((await call('semesters')).status).toBe(200);
  });
});
