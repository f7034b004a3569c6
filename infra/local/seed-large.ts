// `npm run seed:large`: a large semester in the running local portal, to check that the administration
// screens hold with 60 classes and 1,500 students: 500 families of three, each student in one to three
// classes of their grade, the popular classes with waitlists. It writes through the portal's own data
// modules and enrollment engine, against the portal that runs from PORTAL_DATA_DIR (default .local),
// whose mailer puts the families' confirmations in the outbox. Every run adds a new semester; the current
// one is left as it is.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredStudent } from '../../lambdas/families/students';
import type { ClassInput, EmergencyContact, Semester, Student } from '../../lambdas/contract/records';

const CLASSES = 60;
const FAMILIES = 500;
const CHILDREN = 3;
/** Enrollments written at once: enough to be quick, few enough that classes rarely collide. */
const AT_ONCE = 12;
const DAY = 86_400_000;

/** What `npm start` writes to `<data dir>/stack.json` while the portal runs (the fields used here). */
interface RunningPortal {
  url: string;
  tableName: string;
  dynamoDbEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  jwtIssuer: string;
}

const dataDir = process.env.PORTAL_DATA_DIR ?? '.local';
let portal: RunningPortal;
try {
  portal = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as RunningPortal;
} catch {
  console.error(
    `No portal is running from ${dataDir} (${join(dataDir, 'stack.json')} is missing): start it with npm start, with the same PORTAL_DATA_DIR.`,
  );
  process.exit(1);
}

// The lambdas/ modules read their settings when they load, so they are imported only after this.
Object.assign(process.env, {
  TABLE_NAME: portal.tableName,
  DYNAMODB_ENDPOINT: portal.dynamoDbEndpoint,
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  JWT_ISSUER: portal.jwtIssuer,
  USER_POOL_ID: portal.userPoolId,
  USER_POOL_CLIENT_ID: portal.userPoolClientId,
  SITE_URL: portal.url,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});
const { createClass } = await import('../../lambdas/catalogue/classes');
const { awaitDecision } = await import('../../lambdas/enrollment/allocator');
const { lineQueue, newRequestId, putRequest } = await import('../../lambdas/enrollment/enrollmentRequests');
const { putFamilyProfile } = await import('../../lambdas/families/families');
const { putSemester } = await import('../../lambdas/catalogue/semesters');
const { createStudent } = await import('../../lambdas/families/students');

// The same data at every run (mulberry32), apart from the ids.
let seed = 20_270_109;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (probability: number) => random() < probability;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Runs `work` on every item, `size` at a time. */
async function inPool<T>(items: T[], size: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index]!, index);
  };
  await Promise.all(Array.from({ length: size }, worker));
}

const ACTIVITIES = [
  'Avalanche Safety',
  'Backcountry Skiing',
  'Snowshoe Ecology',
  'Ice Climbing',
  'Winter Camping',
  'Nordic Skiing',
  'Mountain First Aid',
  'Snow Photography',
  'Alpine Navigation',
  'Telemark Skiing',
  'Winter Birding',
  'Glacier Travel',
  'Mountain Weather',
  'Ski Touring',
  'Igloo Building',
];
const LEVELS = [
  { name: 'Little Explorers', minGrade: -1, maxGrade: 2 },
  { name: 'Juniors', minGrade: 3, maxGrade: 5 },
  { name: 'Intermediate', minGrade: 6, maxGrade: 8 },
  { name: 'Advanced', minGrade: 9, maxGrade: 12 },
];
const SLOTS = [
  ['09:00', '11:00'],
  ['10:00', '12:00'],
  ['13:00', '15:00'],
  ['16:00', '18:00'],
  ['18:30', '20:00'],
] as const;
const PLACES = [
  'Summit Lodge, Room A',
  'Summit Lodge, Room B',
  'Ridge Trailhead',
  'Nature Center',
  'Frozen Falls',
  'Meadow Loop',
  'North Bowl',
];
const INSTRUCTORS = [
  'Maya Lindqvist',
  'Tomas Berg',
  'Priya Natarajan',
  'Jonas Keller',
  'Anna Svensson',
  'Dr. Lena Fischer',
  'Sam Okafor',
  'Kai Moreau',
  'Ines Duarte',
];
const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jonah',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Uma',
  'Victor',
  'Wren',
  'Xavi',
  'Yara',
  'Zoe',
  'Arlo',
  'Bea',
  'Cyrus',
  'Dina',
  'Emil',
  'Freya',
  'Gus',
  'Hana',
  'Ivo',
  'Juno',
  'Kofi',
  'Lena',
  'Milo',
  'Nora',
];
const LAST_NAMES = [
  'Andersen',
  'Baker',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreno',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zimmer',
  'Alvarez',
  'Brennan',
  'Costa',
  'Dahl',
];
const SCHOOLS = [
  'Pine Ridge Elementary',
  'Valley Middle School',
  'Summit High School',
  'Lakeside Academy',
  'Home school',
  'Riverside Elementary',
];
const ALLERGIES = ['Peanuts', 'Tree nuts', 'Bee stings', 'Penicillin', 'Shellfish', 'Latex'];
const MEDICATIONS = ['Inhaler (asthma), in the backpack', 'EpiPen, carried by the student', 'Insulin at lunch'];
const MEDICAL_NOTES = [
  'Asthma: may need the inhaler after climbs',
  'Type 1 diabetes: checks blood sugar at noon',
  'Wears glasses',
  'Recovering from a wrist fracture',
];

/** The shirt a child of this grade usually wears (the demo data's codes). */
const sizeForGrade = (grade: number) =>
  chance(0.05)
    ? 'AXL'
    : (['YXS', 'YXS', 'YS', 'YS', 'YM', 'YM', 'YL', 'YL', 'AS', 'AS', 'AM', 'AM', 'AL', 'AL'][grade + 1] ?? 'AM');

function newSemester(runId: string, now: Date): Semester {
  const start = new Date(Date.parse(isoDate(now)) + 150 * DAY);
  return {
    id: randomUUID(),
    name: `Large demo semester ${runId}`,
    startDate: isoDate(start),
    endDate: isoDate(new Date(start.getTime() + 55 * DAY)),
    current: false,
    registrationOpens: new Date(start.getTime() - 30 * DAY).toISOString(),
    registrationCloses: start.toISOString(),
  };
}

interface PlannedClass {
  input: ClassInput & { id: string };
  /** How much families want it, relative to the others. */
  popularity: number;
}

function plannedClasses(semester: Semester): PlannedClass[] {
  const planned = Array.from({ length: CLASSES }, (_, index): PlannedClass => {
    const level = LEVELS[index % LEVELS.length]!;
    const [start, end] = pick(SLOTS);
    const first = Date.parse(semester.startDate) + Math.floor(random() * 7) * DAY;
    return {
      popularity: 0.4 + random() * 1.8,
      input: {
        id: randomUUID(),
        semesterId: semester.id,
        name: `${ACTIVITIES[Math.floor(index / LEVELS.length)]} (${level.name})`,
        description: 'A class of the large demo data set.',
        location: pick(PLACES),
        instructor: pick(INSTRUCTORS),
        meetings: Array.from({ length: 8 }, (_, week) => ({
          date: isoDate(new Date(first + week * 7 * DAY)),
          start,
          end,
        })),
        capacity: 0,
        minGrade: level.minGrade,
        maxGrade: level.maxGrade,
        status: 'open',
      },
    };
  });
  // Seats near the demand each class can expect: some classes fill and keep a waitlist, most do not.
  const demandPerClass = (FAMILIES * CHILDREN * 2) / CLASSES;
  const averagePopularity = planned.reduce((sum, cls) => sum + cls.popularity, 0) / CLASSES;
  for (const cls of planned)
    cls.input.capacity = Math.max(
      6,
      Math.round(((demandPerClass * cls.popularity) / averagePopularity) * pick([0.75, 1, 1.2, 1.4, 1.7])),
    );
  return planned;
}

function contacts(lastName: string): EmergencyContact[] {
  const phone = () =>
    `+1 555 ${String(100 + Math.floor(random() * 900))} ${String(1000 + Math.floor(random() * 9000))}`;
  const first: EmergencyContact = {
    name: `${pick(FIRST_NAMES)} ${lastName}`,
    phone: phone(),
    relationship: pick(['mother', 'father', 'guardian']),
  };
  return chance(0.6)
    ? [
        first,
        {
          name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
          phone: phone(),
          relationship: pick(['grandparent', 'neighbour', 'aunt', 'uncle']),
        },
      ]
    : [first];
}

function child(familyId: string, lastName: string, familyContacts: EmergencyContact[], now: Date): StoredStudent {
  const grade = Math.floor(random() * 14) - 1;
  const student: Student = {
    id: randomUUID(),
    firstName: pick(FIRST_NAMES),
    lastName,
    birthDate: `${now.getUTCFullYear() - 6 - grade}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    grade,
    school: pick(SCHOOLS),
    tshirtSize: sizeForGrade(grade),
    emergencyContacts: familyContacts,
    // The parents collect the children; drawn from no random numbers, so the seed stays what it was.
    pickupAdults: familyContacts.map(({ name, phone, relationship }) => ({
      name,
      phone,
      relationship: relationship ?? 'guardian',
    })),
    detailsConfirmedAt: now.toISOString(),
    ...(chance(0.15) && { allergies: pick(ALLERGIES) }),
    ...(chance(0.08) && { medications: pick(MEDICATIONS) }),
    ...(chance(0.1) && { medicalNotes: pick(MEDICAL_NOTES) }),
    ...(!chance(0.05) && { photoConsent: chance(0.85) }),
  };
  return { ...student, familyId, activeEnrollments: 0, createdAt: now.toISOString(), updatedAt: now.toISOString() };
}

/** One to three classes of the student's grade, the popular ones more often. */
function choices(student: StoredStudent, classes: PlannedClass[]): string[] {
  const open = classes.filter(({ input }) => student.grade! >= input.minGrade! && student.grade! <= input.maxGrade!);
  const wanted = new Set<string>();
  const count = 1 + Math.floor(random() * 3);
  while (wanted.size < Math.min(count, open.length)) {
    let draw = random() * open.reduce((sum, cls) => sum + cls.popularity, 0);
    const chosen = open.find((cls) => (draw -= cls.popularity) <= 0) ?? open.at(-1)!;
    wanted.add(chosen.input.id);
  }
  return [...wanted];
}

const started = Date.now();
const now = new Date();
const runId = now.toISOString().slice(0, 16).replace('T', ' ');
const semester = newSemester(runId, now);
const classes = plannedClasses(semester);
await putSemester(semester);
await inPool(classes, AT_ONCE, async ({ input }) => {
  await createClass(input);
});
console.log(
  `[seed:large] ${semester.name}: ${CLASSES} classes, ${classes.reduce((sum, { input }) => sum + input.capacity, 0)} seats (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);

const students: StoredStudent[] = [];
await inPool(
  Array.from({ length: FAMILIES }, (_, index) => index),
  AT_ONCE,
  async (index) => {
    const familyId = randomUUID();
    const lastName = pick(LAST_NAMES);
    const familyContacts = contacts(lastName);
    await putFamilyProfile({ familyId, email: `large-family-${String(index + 1).padStart(3, '0')}@example.com` });
    for (let count = 0; count < CHILDREN; count += 1) {
      const student = child(familyId, lastName, familyContacts, now);
      await createStudent(student);
      students.push(student);
    }
  },
);
console.log(
  `[seed:large] ${FAMILIES} families, ${students.length} students (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);

// An administrator's enrollment, as the admin screens make it: the engine keeps capacity and the waitlist.
const enrollments = students.flatMap((student) => choices(student, classes).map((classId) => ({ student, classId })));
const counts = { enrolled: 0, waitlisted: 0 };
await inPool(enrollments, AT_ONCE, async ({ student, classId }) => {
  const arrivedAt = Date.now();
  const request = {
    id: newRequestId(arrivedAt),
    // Its classes are in no group: each is a line of its own.
    queue: lineQueue(classId),
    studentId: student.id,
    familyId: student.familyId,
    classIds: [classId],
    arrivedAt,
    by: { sub: 'seed-large', isAdmin: true },
  };
  await putRequest(request);
  const decision = await awaitDecision(request, Date.now() + 60_000);
  const [written] = decision && 'enrollments' in decision ? decision.enrollments : [];
  if (written?.status === 'enrolled' || written?.status === 'waitlisted') counts[written.status] += 1;
});
console.log(
  [
    `[seed:large] ${enrollments.length} enrollments: ${counts.enrolled} enrolled, ${counts.waitlisted} waitlisted`,
    `[seed:large] done in ${((Date.now() - started) / 1000).toFixed(1)} s: semester "${semester.name}" (id ${semester.id}, not current) at ${portal.url}`,
  ].join('\n'),
);
