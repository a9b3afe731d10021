/**
 * The keys of a complete record, in the order it lists them: a list built from a
 * `Record<Union, …>` has every member of the union (a missing one fails to compile) and no other.
 */
export function keysOf<K extends string>(record: Readonly<Record<K, unknown>>): readonly K[] {
  return Object.keys(record) as K[];
}
