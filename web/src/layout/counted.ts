/** A count with its noun, singular for one: "1 seat", "3 seats", "2 sets of siblings" (`many` when not the noun plus s). */
export const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
