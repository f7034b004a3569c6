// The client cache: classes by id, groups by id, availability (class and group ids per key,
// the key being the semester), and the ids of the current semester's classes. Every entry is loading,
// error or loaded. Screens read it through useCatalogue(); an enrollment refreshes what it changed.
// It is filled by the catalogue's cacheable GETs, which may be a few seconds old, except right after the
// family changed seats itself: then it reads past the caches, so the family sees its own change.
import { useSyncExternalStore } from 'react';
import { CATALOGUE_MAX_AGE_SECONDS } from '../../../lambdas/catalogueAge';
import type { CachedFunctionName, FunctionInput, FunctionResult } from '../../../lambdas/manifest';
import type { Class, ClassGroup } from '../../../lambdas/records';
import { callFunction, readCatalogue } from '../api/client';
import { asApiError } from '../api/useFunction';
import type { ApiError } from '../api/client';

export type Cached<T> = { state: 'loading' } | { state: 'error'; error: ApiError } | { state: 'loaded'; value: T };

export interface Availability {
  classIds: string[];
  groupIds: string[];
}

export interface CatalogueState {
  classes: Record<string, Cached<Class>>;
  groups: Record<string, Cached<ClassGroup>>;
  /** Per semester open for enrollment; under the key `all`, the list of those semesters itself. */
  availability: Record<string, Cached<Availability>>;
  availableSemesters: Cached<string[]>;
  currentSemesterClassIds: Cached<string[]>;
}

const initial: CatalogueState = {
  classes: {},
  groups: {},
  availability: {},
  availableSemesters: { state: 'loading' },
  currentSemesterClassIds: { state: 'loading' },
};

let state: CatalogueState = initial;
const listeners = new Set<() => void>();

function update(change: (current: CatalogueState) => CatalogueState) {
  state = change(state);
  for (const listener of listeners) listener();
}

const loaded = <T>(value: T): Cached<T> => ({ state: 'loaded', value });
const byId = <T extends { id: string }>(items: T[]) => Object.fromEntries(items.map((item) => [item.id, loaded(item)]));

let readPastCachesUntil = 0;

/**
 * The family changed seats (enrolled, cancelled): until every cache (CloudFront's, the browser's) can only
 * hold answers from after the change, the catalogue is read with POSTs, which no cache answers.
 */
export function seatsChanged(): void {
  readPastCachesUntil = Date.now() + CATALOGUE_MAX_AGE_SECONDS * 1000;
}

function read<N extends CachedFunctionName>(name: N, payload?: FunctionInput<N>): Promise<FunctionResult<N>> {
  const reader = (Date.now() < readPastCachesUntil ? callFunction : readCatalogue) as (
    name: N,
    payload?: FunctionInput<N>,
  ) => Promise<FunctionResult<N>>;
  return reader(name, payload);
}

let availabilityRequest: Promise<void> | undefined;

/** Loads what is open for enrollment now (availableEnrollmentClasses) into the cache. */
export function loadAvailability(): Promise<void> {
  availabilityRequest ??= read('availableEnrollmentClasses')
    .then((available) => {
      const semesters = Object.keys(available);
      update((current) => ({
        ...current,
        classes: { ...current.classes, ...byId(Object.values(available).flatMap((entry) => entry.classes)) },
        groups: { ...current.groups, ...byId(Object.values(available).flatMap((entry) => entry.groups)) },
        availability: Object.fromEntries(
          semesters.map((semesterId) => [
            semesterId,
            loaded({
              classIds: available[semesterId]!.classes.map((c) => c.id),
              groupIds: available[semesterId]!.groups.map((g) => g.id),
            }),
          ]),
        ),
        availableSemesters: loaded(semesters),
      }));
    })
    .catch((error: unknown) =>
      update((current) => ({ ...current, availableSemesters: { state: 'error', error: asApiError(error) } })),
    )
    .finally(() => {
      availabilityRequest = undefined;
    });
  return availabilityRequest;
}

/** Marks the availability as loading again and reloads it (a retry after a failure). */
export function reloadAvailability(): Promise<void> {
  update((current) => ({
    ...current,
    availableSemesters:
      current.availableSemesters.state === 'loaded' ? current.availableSemesters : { state: 'loading' },
  }));
  return loadAvailability();
}

/** The seat counts after the family's own enrollment, read past the caches. */
export function refreshAvailability(): Promise<void> {
  seatsChanged();
  return reloadAvailability();
}

/** Loads the current semester's classes (classes with no payload). */
export async function loadCurrentSemester(): Promise<void> {
  update((current) => ({ ...current, currentSemesterClassIds: { state: 'loading' } }));
  try {
    const result = await read('classes');
    const list = result.classes as Class[];
    update((current) => ({
      ...current,
      classes: { ...current.classes, ...byId(list) },
      currentSemesterClassIds: loaded(list.map((c) => c.id)),
    }));
  } catch (error) {
    update((current) => ({ ...current, currentSemesterClassIds: { state: 'error', error: asApiError(error) } }));
  }
}

/** Loads classes by id (classes with a query), marking each one loading, then loaded or error. */
export async function loadClasses(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  update((current) => ({
    ...current,
    classes: { ...current.classes, ...Object.fromEntries(ids.map((id) => [id, { state: 'loading' } as const])) },
  }));
  try {
    const result = await read('classes', { query: ids.map((id) => ({ id })) });
    const loaded = Object.values(result.classes as Record<string, Class[]>).flat();
    const missing = ids.filter((id) => !loaded.some((c) => c.id === id));
    update((current) => ({
      ...current,
      classes: {
        ...current.classes,
        ...byId(loaded),
        ...Object.fromEntries(
          missing.map((id) => [id, { state: 'error', error: asApiError(new Error('not found')) } as const]),
        ),
      },
    }));
  } catch (error) {
    const failed = asApiError(error);
    update((current) => ({
      ...current,
      classes: {
        ...current.classes,
        ...Object.fromEntries(ids.map((id) => [id, { state: 'error', error: failed } as const])),
      },
    }));
  }
}

/** Loads class groups by id (classGroups). */
export async function loadGroups(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  update((current) => ({
    ...current,
    groups: { ...current.groups, ...Object.fromEntries(ids.map((id) => [id, { state: 'loading' } as const])) },
  }));
  try {
    const { groups } = await read('classGroups', { groups: ids.map((id) => ({ id })) });
    update((current) => ({ ...current, groups: { ...current.groups, ...byId(groups) } }));
  } catch (error) {
    const failed = asApiError(error);
    update((current) => ({
      ...current,
      groups: {
        ...current.groups,
        ...Object.fromEntries(ids.map((id) => [id, { state: 'error', error: failed } as const])),
      },
    }));
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCatalogue(): CatalogueState {
  return useSyncExternalStore(subscribe, () => state);
}

/** For tests: back to an empty cache. */
export function resetCatalogue(): void {
  state = initial;
  availabilityRequest = undefined;
  readPastCachesUntil = 0;
  for (const listener of listeners) listener();
}
