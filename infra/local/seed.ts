// The demo data a new data dir starts with: a current semester open for registration (dates relative to
// today, so the demo never goes stale), a past semester, classes of different sizes, two class groups,
// the t-shirt sizes and the remote configuration values.
import { createClass } from '../../lambdas/catalogue/classes';
import { putGroup } from '../../lambdas/catalogue/groups';
import { putSemester } from '../../lambdas/catalogue/semesters';
import { writeConfigValues, writeTshirtSizes } from '../../lambdas/catalogue/settings';
import type { ClassInput, Semester } from '../../lambdas/contract/records';

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The first given weekday (0 = Sunday) on or after a date. */
function nextWeekday(from: Date, weekday: number): Date {
  return new Date(from.getTime() + ((weekday - from.getUTCDay() + 7) % 7) * DAY);
}

function weekly(first: Date, weeks: number, start: string, end: string) {
  return Array.from({ length: weeks }, (_, week) => ({
    date: isoDate(new Date(first.getTime() + week * 7 * DAY)),
    start,
    end,
  }));
}

function seasonName(date: Date): string {
  const month = date.getUTCMonth();
  const season = month === 11 || month <= 1 ? 'Winter' : month <= 4 ? 'Spring' : month <= 7 ? 'Summer' : 'Fall';
  return `${season} ${month === 11 ? date.getUTCFullYear() + 1 : date.getUTCFullYear()}`;
}

type DemoClass = Omit<ClassInput, 'semesterId' | 'meetings' | 'description' | 'location' | 'instructor' | 'status'> & {
  id: string;
  description: string;
  location: string;
  instructor: string;
  weekday: number;
  start: string;
  end: string;
};

const demoClasses: DemoClass[] = [
  {
    id: 'avalanche-safety',
    whatToBring: 'Warm layers, waterproof gloves, a helmet if you have one; beacons, probes and shovels are lent.',
    name: 'Avalanche Safety Basics',
    capacity: 12,
    minGrade: 6,
    maxGrade: 8,
    weekday: 6,
    start: '09:00',
    end: '12:00',
    location: 'Summit Lodge, Room A',
    instructor: 'Maya Lindqvist',
    description:
      'Reading the snowpack, using a beacon, probe and shovel, and making safe choices in avalanche terrain.',
  },
  {
    id: 'backcountry-skiing',
    whatToBring: 'Touring skis with skins (or rent them at the lodge), a 20–30 L backpack, water and a snack.',
    name: 'Backcountry Skiing',
    capacity: 8,
    minGrade: 9,
    maxGrade: 12,
    weekday: 6,
    start: '13:00',
    end: '16:00',
    location: 'Ridge Trailhead',
    instructor: 'Tomas Berg',
    description:
      'Skinning uphill, transitions and descending off-piste with a guide. Bring touring skis or rent them at the lodge.',
  },
  {
    id: 'snowshoe-ecology',
    whatToBring: 'Snow boots, warm layers and a notebook; snowshoes are lent.',
    name: 'Snowshoe Ecology',
    capacity: 20,
    minGrade: 3,
    maxGrade: 6,
    weekday: 0,
    start: '10:00',
    end: '12:00',
    location: 'Nature Center',
    instructor: 'Priya Natarajan',
    description: 'Animal tracks, tree identification and how life survives the winter, on snowshoes.',
  },
  {
    id: 'ice-climbing',
    whatToBring: 'Stiff boots, warm gloves and a thermos; crampons, axes, harness and helmet are provided.',
    name: 'Ice Climbing Intro',
    capacity: 6,
    minGrade: 9,
    maxGrade: 12,
    weekday: 0,
    start: '09:00',
    end: '13:00',
    location: 'Frozen Falls',
    instructor: 'Jonas Keller',
    description: 'Top-rope ice climbing with crampons and axes. All technical gear is provided.',
  },
  {
    id: 'winter-camping',
    whatToBring: 'Your warmest sleeping bag if you have one, a headlamp and a mug.',
    name: 'Winter Camping Skills',
    capacity: 10,
    minGrade: 7,
    maxGrade: 12,
    weekday: 3,
    start: '16:00',
    end: '18:00',
    location: 'Summit Lodge, Room B',
    instructor: 'Tomas Berg',
    description: 'Layering, stoves, snow shelters and staying warm overnight, ending with a camp-out.',
  },
  {
    id: 'nordic-skiing',
    whatToBring: 'Cross-country skis if you have them (lent otherwise), mittens and a water bottle.',
    name: 'Nordic Skiing',
    capacity: 25,
    minGrade: 1,
    maxGrade: 8,
    weekday: 6,
    start: '10:00',
    end: '12:00',
    location: 'Meadow Loop',
    instructor: 'Anna Svensson',
    description: 'Classic cross-country technique and games on groomed trails.',
  },
  {
    id: 'mountain-first-aid',
    whatToBring: 'A notebook and clothes you can kneel in the snow with.',
    name: 'Mountain First Aid',
    capacity: 16,
    minGrade: 6,
    maxGrade: 12,
    weekday: 2,
    start: '16:00',
    end: '18:00',
    location: 'Summit Lodge, Room B',
    instructor: 'Dr. Lena Fischer',
    description: 'Cold injuries, splinting and what to do until help arrives, far from the road.',
  },
  {
    id: 'snow-photography',
    whatToBring: 'Any camera or phone, spare batteries kept in an inside pocket, and gloves with fingertips.',
    name: 'Photography in the Snow',
    capacity: 14,
    weekday: 0,
    start: '13:00',
    end: '15:00',
    location: 'Nature Center',
    instructor: 'Sam Okafor',
    description: 'Exposure in bright snow, keeping batteries warm and telling a story in pictures.',
  },
];

const demoTshirtSizes = [
  { code: 'YXS', label: 'Youth XS' },
  { code: 'YS', label: 'Youth S' },
  { code: 'YM', label: 'Youth M' },
  { code: 'YL', label: 'Youth L' },
  { code: 'AS', label: 'Adult S' },
  { code: 'AM', label: 'Adult M' },
  { code: 'AL', label: 'Adult L' },
  { code: 'AXL', label: 'Adult XL' },
];

export async function seedDemoData(now = new Date()): Promise<{ semester: Semester }> {
  const today = new Date(`${isoDate(now)}T00:00:00Z`);
  const start = nextWeekday(new Date(today.getTime() + 35 * DAY), 1);
  const weeks = 8;
  const semester: Semester = {
    id: 'demo-current',
    name: seasonName(start),
    startDate: isoDate(start),
    endDate: isoDate(new Date(start.getTime() + (weeks * 7 - 1) * DAY)),
    current: true,
    registrationOpens: new Date(today.getTime() - DAY).toISOString(),
    registrationCloses: new Date(start.getTime() + 7 * DAY).toISOString(),
  };
  const pastStart = nextWeekday(new Date(today.getTime() - 120 * DAY), 1);
  const past: Semester = {
    id: 'demo-past',
    name: seasonName(pastStart),
    startDate: isoDate(pastStart),
    endDate: isoDate(new Date(pastStart.getTime() + (weeks * 7 - 1) * DAY)),
    current: false,
    registrationOpens: new Date(pastStart.getTime() - 60 * DAY).toISOString(),
    registrationCloses: pastStart.toISOString(),
  };
  await Promise.all([putSemester(semester), putSemester(past)]);

  await Promise.all(
    demoClasses.map(({ weekday, start: from, end: to, ...demo }) =>
      createClass({
        ...demo,
        semesterId: semester.id,
        status: 'open',
        meetings: weekly(nextWeekday(start, weekday), weeks, from, to),
      }),
    ),
  );
  await Promise.all(
    ['nordic-skiing', 'snowshoe-ecology'].map((id) => {
      const demo = demoClasses.find((candidate) => candidate.id === id)!;
      const { weekday, start: from, end: to, ...rest } = demo;
      return createClass({
        ...rest,
        id: `${id}-past`,
        semesterId: past.id,
        status: 'closed',
        meetings: weekly(nextWeekday(pastStart, weekday), weeks, from, to),
      });
    }),
  );
  await Promise.all([
    putGroup({
      id: 'winter-safety-pack',
      semesterId: semester.id,
      name: 'Winter Safety Pack',
      description:
        'Avalanche Safety Basics and Mountain First Aid together, for students who want the full safety foundation.',
      classIds: ['avalanche-safety', 'mountain-first-aid'],
    }),
    putGroup({
      id: 'backcountry-explorer',
      semesterId: semester.id,
      name: 'Backcountry Explorer',
      description: 'Backcountry Skiing and Winter Camping Skills: ski in, camp out.',
      classIds: ['backcountry-skiing', 'winter-camping'],
    }),
  ]);
  await writeTshirtSizes(demoTshirtSizes);
  await writeConfigValues({
    contactEmail: 'help@mountainschool.example',
    privacyPolicyUrl: 'https://mountainschool.example/privacy',
    studentUnitsUrl: 'https://mountainschool.example/student-units',
    // True whatever a semester's seats are given by (first come, a fair start, a lottery): each section says which.
    announcement: `Registration for ${semester.name} is under way: each semester below says how its seats are given and until when.`,
    orientation: [
      'The mountain school runs outdoor classes for students from pre-K to grade 12: avalanche safety, skiing, climbing, camping and more, at the Summit Lodge, the Nature Center and nearby trailheads.',
      'Choose a class, or a class group that takes a seat in each of its classes, then the child to enroll. A seat free: the child is enrolled at once. A class full: the child joins the waitlist in the order requests arrive and is enrolled automatically, with an e-mail, when a seat opens.',
      'Questions? Write to help@mountainschool.example.',
    ].join('\n\n'),
  });
  return { semester };
}
