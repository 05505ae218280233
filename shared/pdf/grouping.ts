/** Adds `value` to the group under `key`, starting the group when it is the first: lines by column, entries by author. */
export function addToGroup<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}
