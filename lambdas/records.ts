// The portal's records, as the wire contract (design.md §3) defines them. Handlers validate with
// these schemas and the web app types and validates its forms with the same ones.
import { z } from 'zod';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date written `YYYY-MM-DD`. */
export const isoDate = z
  .string()
  .regex(isoDatePattern, 'must be a date written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'is not a real date');

/** A moment written as an ISO 8601 timestamp. */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

export const id = z.string().trim().min(1, 'is required').max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"');

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'is required');

export const grade = z.number().int('must be a whole number').min(-1, 'must be -1 (pre-K) to 12').max(12, 'must be -1 (pre-K) to 12');

export const meeting = z
  .object({
    date: isoDate,
    start: z.string().regex(timePattern, 'must be a time written HH:MM'),
    end: z.string().regex(timePattern, 'must be a time written HH:MM'),
  })
  .strict()
  .refine((m) => m.start < m.end, { message: 'must end after it starts', path: ['end'] });
export type Meeting = z.infer<typeof meeting>;

export const classStatus = z.enum(['open', 'closed']);

/** What an administrator saves; the counts are the portal's own. */
export const classInput = z
  .object({
    id: id.optional(),
    semesterId: id,
    name: requiredText(120),
    description: text(4000).default(''),
    location: text(200).default(''),
    instructor: text(200).default(''),
    meetings: z.array(meeting).max(200, 'must hold at most 200 meetings').default([]),
    capacity: z.number().int('must be a whole number').min(0, 'must not be negative').max(10000, 'must be at most 10000'),
    minGrade: grade.optional(),
    maxGrade: grade.optional(),
    status: classStatus.default('open'),
    /** What a student brings to class, for the confirmation e-mail (a portal extension of the record). */
    whatToBring: text(1000).optional(),
  })
  .strict()
  .refine((c) => c.minGrade === undefined || c.maxGrade === undefined || c.minGrade <= c.maxGrade, {
    message: 'must not be below the lowest grade',
    path: ['maxGrade'],
  });
export type ClassInput = z.infer<typeof classInput>;

export type ClassStatus = z.infer<typeof classStatus>;
export interface Class {
  id: string;
  semesterId: string;
  name: string;
  description: string;
  location: string;
  instructor: string;
  meetings: Meeting[];
  capacity: number;
  enrolled: number;
  waitlisted: number;
  seatsLeft: number;
  minGrade?: number;
  maxGrade?: number;
  status: ClassStatus;
  whatToBring?: string;
}

export const classGroupInput = z
  .object({
    id: id.optional(),
    semesterId: id,
    name: requiredText(120),
    description: text(4000).default(''),
    classIds: z.array(id).min(2, 'must hold at least two classes').max(20, 'must hold at most 20 classes'),
  })
  .strict()
  .refine((g) => new Set(g.classIds).size === g.classIds.length, { message: 'must not list a class twice', path: ['classIds'] });
export type ClassGroupInput = z.infer<typeof classGroupInput>;
export interface ClassGroup {
  id: string;
  semesterId: string;
  name: string;
  description: string;
  classIds: string[];
}

export const semesterInput = z
  .object({
    id: id.optional(),
    name: requiredText(120),
    startDate: isoDate,
    endDate: isoDate,
    current: z.boolean().default(false),
    registrationOpens: isoDateTime.optional(),
    registrationCloses: isoDateTime.optional(),
  })
  .strict()
  .refine((s) => s.startDate <= s.endDate, { message: 'must not be before the start date', path: ['endDate'] })
  .refine((s) => !s.registrationOpens || !s.registrationCloses || Date.parse(s.registrationOpens) < Date.parse(s.registrationCloses), {
    message: 'must be after registration opens',
    path: ['registrationCloses'],
  });
export type SemesterInput = z.infer<typeof semesterInput>;
export interface Semester {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  current: boolean;
  registrationOpens?: string;
  registrationCloses?: string;
}

export const tshirtSize = z.object({ code: z.string().trim().min(1, 'is required').max(8, 'must be at most 8 characters'), label: requiredText(40) }).strict();
export type TshirtSize = z.infer<typeof tshirtSize>;
/** A size as administrators manage it: a retired size is no longer offered but stays on the students who have it. */
export const managedTshirtSize = tshirtSize.extend({ retired: z.boolean().optional() }).strict();
export type ManagedTshirtSize = z.infer<typeof managedTshirtSize>;

export const configValue = z.union([z.string().max(2000, 'must be at most 2000 characters'), z.number(), z.boolean()]);
export type ConfigValues = Record<string, z.infer<typeof configValue>>;

export const emergencyContact = z
  .object({
    name: requiredText(120),
    phone: z.string().trim().min(1, 'is required').max(40, 'is too long').regex(/^[0-9+()\-.\s]{7,}$/, 'must be a phone number'),
    relationship: text(60).optional(),
  })
  .strict();
export type EmergencyContact = z.infer<typeof emergencyContact>;

export const studentInput = z
  .object({
    id: id.optional(),
    firstName: requiredText(60),
    lastName: requiredText(60),
    birthDate: isoDate,
    tshirtSize: z.string().trim().min(1, 'is required').max(8, 'is not a known size'),
    emergencyContacts: z.array(emergencyContact).min(1, 'must list at least one contact').max(5, 'must list at most five contacts'),
    grade: grade.optional(),
    school: text(120).optional(),
    allergies: text(1000).optional(),
    medications: text(1000).optional(),
    medicalNotes: text(2000).optional(),
    photoConsent: z.boolean().optional(),
  })
  .strict();
export type StudentInput = z.infer<typeof studentInput>;
export type Student = StudentInput & { id: string };

export const enrollmentStatus = z.enum(['enrolled', 'waitlisted', 'cancelled']);
export type EnrollmentStatus = z.infer<typeof enrollmentStatus>;
export interface Enrollment {
  id: string;
  studentId: string;
  classId: string;
  groupId?: string;
  semesterId: string;
  status: EnrollmentStatus;
  waitlistPosition?: number;
  createdAt: string;
}
/** A student on a class's printable roster or waitlist: the whole information sheet and who to reach. */
export interface RosterEntry {
  enrollmentId: string;
  status: EnrollmentStatus;
  waitlistPosition?: number;
  groupId?: string;
  createdAt: string;
  student: Student;
  /** The e-mail of the family's account. */
  guardianEmail?: string;
}

/** An enrollment as the administrators' lists show it. */
export type SemesterEnrollment = Enrollment & { className: string; student: Student; guardianEmail?: string };

/** One change in the enrollment audit trail, with the names a person reads. */
export interface ActivityEntry {
  at: string;
  enrollmentId: string;
  classId: string;
  className: string;
  studentId: string;
  studentName: string;
  from: EnrollmentStatus | 'none';
  to: EnrollmentStatus;
  reason: string;
  byAdmin: boolean;
}

/** A class meeting on the calendar; times are the programme's local time. */
export interface CalendarEvent {
  classId: string;
  title: string;
  start: string;
  end: string;
  location: string;
}

/** An enrollment as a family's list shows it: with the names a person reads. */
export type NamedEnrollment = Enrollment & { className: string; studentName: string; groupName?: string };

/** An enrollment is one student in one class: its id names both, `classId~studentId`. */
export const enrollmentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}~[A-Za-z0-9_-]{1,64}$/, 'is not an enrollment id');

