// The client cache of the catalogue, as TanStack queries: classes by id, groups by id, the availability (per
// semester open for enrollment, the ids of its classes and groups) and the ids of the current semester's
// classes. Each entry is a query of its own, so each is loading, error or loaded by itself; loading the
// availability or the current semester also fills the classes and groups by id. A class or group that fails
// to load is an entry in error, and its screen leaves it out without a message.
// The reads are the catalogue's cacheable GETs, which may be a few seconds old, except right after the family
// changed seats itself: then they read past the caches, so the family sees its own change.
import { type QueryClient, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CATALOGUE_MAX_AGE_SECONDS } from '@contract/catalogueAge';
import type { CachedFunctionName, FunctionInput, FunctionResult } from '@contract/manifest';
import type { Class, ClassGroup } from '@contract/records';
import { ApiError } from './client';
import { timerAt } from './timerAt';
import { fetchCatalogue, fetchFunction, publicKey } from './queries';

export interface Availability {
  classIds: string[];
  groupIds: string[];
}

const classKey = (id: string) => ['catalogue', 'class', id] as const;
const groupKey = (id: string) => ['catalogue', 'group', id] as const;

let readPastCachesUntil = 0;

/**
 * The family changed seats (enrolled, cancelled): until every cache (CloudFront's, the browser's) can only
 * hold answers from after the change, the catalogue is read with POSTs, which no cache answers.
 */
export function seatsChanged(): void {
  readPastCachesUntil = Date.now() + CATALOGUE_MAX_AGE_SECONDS * 1000;
}

function read<N extends CachedFunctionName>(name: N, payload?: FunctionInput<N>): Promise<FunctionResult<N>> {
  return Date.now() < readPastCachesUntil ? fetchFunction(name, payload) : fetchCatalogue(name, payload);
}

function remember(client: QueryClient, classes: Class[], groups: ClassGroup[] = []) {
  for (const cls of classes) client.setQueryData(classKey(cls.id), cls);
  for (const group of groups) client.setQueryData(groupKey(group.id), group);
}

type Available = FunctionResult<'availableEnrollmentClasses'>;
const availabilityOf = (available: Available): Record<string, Availability> =>
  Object.fromEntries(
    Object.entries(available).map(([semesterId, { classes, groups }]) => [
      semesterId,
      { classIds: classes.map((cls) => cls.id), groupIds: groups.map((group) => group.id) },
    ]),
  );

/** What is open for enrollment now, per semester (in the order the server gives them). */
export function useAvailability(): UseQueryResult<Record<string, Availability>> {
  return useQuery({
    queryKey: publicKey('availableEnrollmentClasses'),
    queryFn: async ({ client }) => {
      const available = await read('availableEnrollmentClasses');
      for (const { classes, groups } of Object.values(available)) remember(client, classes, groups);
      return available;
    },
    select: availabilityOf,
  });
}

/**
 * Reads the classes open for enrollment again once registration has opened at each of `openings`, and the caches'
 * answers from before it have lapsed: a page left open for an opening shows its classes without a reload, at the
 * same moment on every page. Every opening to come has its read, not only the next: when one opens and nothing
 * shown changes (a semester with no classes yet), the page does not draw again to look for the next.
 */
export function useAvailabilityAfter(openings: readonly string[]): void {
  const client = useQueryClient();
  const moments = openings.join(' ');
  useEffect(() => {
    const cancels = moments
      .split(' ')
      .filter(Boolean)
      .map((opensAt) =>
        timerAt(
          Date.parse(opensAt) + CATALOGUE_MAX_AGE_SECONDS * 1000 + 500,
          () => void client.invalidateQueries({ queryKey: publicKey('availableEnrollmentClasses') }),
        ),
      );
    return () => {
      for (const cancel of cancels) cancel();
    };
  }, [client, moments]);
}

/** The ids of the current semester's classes (classes with no payload). */
export function useCurrentSemesterClassIds(): UseQueryResult<string[]> {
  return useQuery({
    queryKey: publicKey('classes'),
    queryFn: async ({ client }) => {
      const answer = await read('classes');
      remember(client, answer.classes as Class[]);
      return answer;
    },
    select: (answer) => (answer.classes as Class[]).map((cls) => cls.id),
  });
}

const notFound = (what: string) => new ApiError('not-found', `There is no ${what}.`, 404);

/** A class by id, as the cache has it or else as classes answers for it. */
async function loadClass(id: string): Promise<Class> {
  const { classes } = await read('classes', { query: [{ id }] });
  const cls = Object.values(classes as Record<string, Class[]>)
    .flat()
    .find((candidate) => candidate.id === id);
  if (!cls) throw notFound(`class ${id}`);
  return cls;
}

async function loadGroup(id: string): Promise<ClassGroup> {
  const { groups } = await read('classGroups', { groups: [{ id }] });
  const group = groups.find((candidate) => candidate.id === id);
  if (!group) throw notFound(`class group ${id}`);
  return group;
}

/** The loaded ones among the entries, by id. */
const loaded = <T extends { id: string }>(entries: Array<{ data?: T }>) =>
  new Map(entries.flatMap(({ data }) => (data ? [[data.id, data] as const] : [])));

// An entry stays as it was loaded or filled in: the lists it came with load again, and fill it again.
const LOADED_FOR_GOOD = Number.POSITIVE_INFINITY;

/** The classes with these ids that are loaded; the others load, each on its own. */
export function useClassesById(ids: string[]): Map<string, Class> {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: classKey(id), queryFn: () => loadClass(id), staleTime: LOADED_FOR_GOOD })),
    combine: loaded<Class>,
  });
}

/** The class groups with these ids that are loaded; the others load, each on its own. */
export function useGroupsById(ids: string[]): Map<string, ClassGroup> {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: groupKey(id), queryFn: () => loadGroup(id), staleTime: LOADED_FOR_GOOD })),
    combine: loaded<ClassGroup>,
  });
}
