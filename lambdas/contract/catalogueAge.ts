// How long an answer of a public catalogue read may be served from a cache (CloudFront, the local gateway,
// the browser): the manifest declares it on those functions, and the web app reads past the caches for as
// long after a family's own change of seats.
export const CATALOGUE_MAX_AGE_SECONDS = 5;
/**
 * How long a line's progress on a busy day may be served from a cache: the pages of the families in line read
 * it every few seconds, and the edge answers nearly all of them (the origin, once per edge location and age).
 */
export const LINE_PROGRESS_MAX_AGE_SECONDS = 2;
/**
 * How long a drawn line may be served from a cache: it is read once by each page whose request was in the draw, and
 * a reading stays true later (the place in it moves up as the line's progress tells more decided).
 */
export const DRAWN_LINE_MAX_AGE_SECONDS = 5;
