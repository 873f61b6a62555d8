/** The id a seed row was given, looked up by its key in the data modules; a missing key is a bug in the data. */
export function need<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: unknown ${what} "${key}"`);
  return value;
}
